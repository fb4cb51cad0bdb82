import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { seedTemplates } from '../../features/templates/seed';
import { type ServerProcess, startServerProcess } from '../../test/processes';
import { databaseUrl } from '../../test/template-database';

// A brand-new empty database, not a copy of the migrated template: the set-up itself is tested.
const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const name = `pactum_parallel_${randomBytes(6).toString('hex')}`;
const url = databaseUrl(adminUrl, name);
const servers: ServerProcess[] = [];

async function withClient<T>(connectionString: string, fn: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop('SIGKILL')));
  await withClient(adminUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`),
  );
});

describe('processes started together on a new database', () => {
  it('all become healthy, with the database set up once', async () => {
    await withClient(adminUrl, (client) =>
      client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`),
    );
    const starts = await Promise.allSettled(
      [1, 2, 3].map(() => startServerProcess({ DATABASE_URL: url })),
    );
    for (const start of starts) if (start.status === 'fulfilled') servers.push(start.value);
    const failures = starts.flatMap((start) =>
      start.status === 'rejected' ? [String(start.reason)] : [],
    );
    expect(failures).toEqual([]);
    expect(servers).toHaveLength(3);

    // The seeds ran once between them: one copy of each global template and of its sections.
    const counts = await withClient(url, async (client) => {
      const { rows } = await client.query<{ templates: number; sections: number }>(
        `SELECT (SELECT count(*)::int FROM template WHERE is_global) AS templates,
                (SELECT count(*)::int FROM template_section s JOIN template t ON t.id = s.template_id
                  WHERE t.is_global) AS sections`,
      );
      return rows[0];
    });
    const sectionCount = seedTemplates
      .flatMap((seed) => seed.sections)
      .reduce((sum, section) => sum + 1 + (section.children?.length ?? 0), 0);
    expect(counts).toEqual({ templates: seedTemplates.length, sections: sectionCount });
  });
});
