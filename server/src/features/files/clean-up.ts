import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { attachments, files, templateImports } from '../../db/schema';
import { defineJob, type JobDefinition } from '../../platform/jobs/jobs';
import type { Platform } from '../../platform/platform';

/** Uploads left unfinished, or finished and never used, are removed after this long. */
export const STALE_UPLOAD_HOURS = 24;
/** Every night at 03:17 UTC. */
const CLEAN_UP_CRON = '17 3 * * *';

/**
 * Removes abandoned uploads older than `before`: unfinished ones (a closed tab, a cancelled
 * pause) and finished ones that no attachment or import took, with their stored chunks and
 * file. Each row is deleted under the same condition first, so an upload attached meanwhile is
 * kept. Returns how many were removed.
 */
export async function cleanUpUploads(platform: Platform, before: Date): Promise<number> {
  const { db } = platform.database;
  const isUnused = and(
    sql`NOT EXISTS (SELECT 1 FROM ${attachments} WHERE ${attachments.fileId} = ${files.id})`,
    sql`NOT EXISTS (SELECT 1 FROM ${templateImports} WHERE ${templateImports.fileId} = ${files.id})`,
  );
  const stale = and(
    lt(files.createdAt, before),
    inArray(files.purpose, ['attachment', 'import']),
    or(isNull(files.completedAt), isUnused),
  );
  const candidates = await db.select({ id: files.id }).from(files).where(stale).limit(500);
  let removed = 0;
  for (const { id } of candidates) {
    const [row] = await db
      .delete(files)
      .where(and(eq(files.id, id), stale))
      .returning();
    if (!row) continue;
    await Promise.all(
      [...row.chunkKeys, row.storageKey].map((key) => platform.storage.delete(key)),
    );
    removed += 1;
  }
  return removed;
}

const jobsByPlatform = new WeakMap<Platform, JobDefinition<Record<string, never>>>();

/** Registers the nightly clean-up once per platform (the web app and `npm run worker`). */
export function registerFileJobs(platform: Platform): JobDefinition<Record<string, never>> {
  let job = jobsByPlatform.get(platform);
  if (!job) {
    job = defineJob<Record<string, never>>({
      name: 'files.clean-up-uploads',
      retryLimit: 2,
      // Nightly, one storage delete per stale upload: a long backlog on S3 may take minutes.
      expireInSeconds: 30 * 60,
      async handle() {
        await cleanUpUploads(platform, new Date(Date.now() - STALE_UPLOAD_HOURS * 3_600_000));
      },
    });
    platform.jobs.register(job);
    jobsByPlatform.set(platform, job);
  }
  return job;
}

/** Puts the clean-up on its schedule (after the job queues have started). */
export async function scheduleFileJobs(platform: Platform): Promise<void> {
  await platform.jobs.schedule(registerFileJobs(platform), CLEAN_UP_CRON, {});
}
