import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../../test/app';
import { waitForMail } from '../../test/outbox';
import { renderMail } from './templates';

type OutboxItem = {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
};

describe('mail without SMTP: the development outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const outbox = async () =>
    (await t.app.inject({ method: 'GET', url: '/dev/outbox.json' })).json() as OutboxItem[];

  it('delivers a queued e-mail after commit, rendered in HTML and text, newest first', async () => {
    await t.database.db.transaction((tx) =>
      t.platform.mail.queue(tx, {
        to: 'first@example.test',
        template: 'test-delivery',
        lang: 'en',
        vars: { url: 'http://localhost:3000' },
      }),
    );
    await eventually(async () => ((await outbox()).length === 1 ? true : undefined));
    await t.database.db.transaction((tx) =>
      t.platform.mail.queue(tx, {
        to: 'second@example.test',
        template: 'test-delivery',
        lang: 'fi',
        vars: { url: 'http://localhost:3000' },
      }),
    );
    const items = await eventually(async () => {
      const list = await outbox();
      return list.length === 2 ? list : undefined;
    });
    expect(items.map((m) => m.to)).toEqual(['second@example.test', 'first@example.test']);
    const [fi, en] = items;
    expect(en).toMatchObject({ kind: 'email', subject: 'Pactum test message' });
    expect(en?.text).toContain('This message shows that Pactum can send e-mail');
    expect(en?.html).toContain('<a href="http://localhost:3000"');
    expect(fi?.subject).toBe('Pactumin testiviesti');
    expect(fi?.html).toContain('lang="fi"');
    expect(Date.parse(en?.createdAt ?? '')).not.toBeNaN();
  });

  it('sends nothing when the transaction rolls back', async () => {
    const before = (await outbox()).length;
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.platform.mail.queue(tx, {
          to: 'never@example.test',
          template: 'test-delivery',
          lang: 'en',
          vars: { url: 'x' },
        });
        throw new Error('change failed');
      }),
    ).rejects.toThrow();
    // A later mail arriving shows the worker has run past the rolled-back one.
    await t.database.db.transaction((tx) =>
      t.platform.mail.queue(tx, {
        to: 'later@example.test',
        template: 'test-delivery',
        lang: 'en',
        vars: { url: 'x' },
      }),
    );
    const items = await eventually(async () => {
      const list = await outbox();
      return list.length > before ? list : undefined;
    });
    expect(items.map((m) => m.to)).not.toContain('never@example.test');
  });

  it('keeps a message once when its delivery is retried', async () => {
    await t.platform.mailer.deliver('fixed-key', {
      to: 'retry@example.test',
      subject: 's',
      text: 't',
      html: '<p>t</p>',
    });
    await t.platform.mailer.deliver('fixed-key', {
      to: 'retry@example.test',
      subject: 's',
      text: 't',
      html: '<p>t</p>',
    });
    const items = await outbox();
    expect(items.filter((m) => m.to === 'retry@example.test')).toHaveLength(1);
  });

  it('shows the outbox as a page', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Pactum test message');
  });

  it('escapes variables in the HTML body', () => {
    const rendered = renderMail('test-delivery', 'en', { url: '"><script>alert(1)</script>' });
    expect(rendered.html).not.toContain('<script>');
    expect(rendered.text).toContain('"><script>alert(1)</script>');
  });
});

describe('account mails on their own queue (issue 22 §6)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  /** The queue of each mail job to `to`, and how many of a queue's jobs are not done yet. */
  const queuesOf = async (to: string) =>
    (
      (await t.database.db.execute(
        sql`SELECT name FROM pgboss.job WHERE data->>'to' = ${to}`,
      )) as unknown as { rows: { name: string }[] }
    ).rows.map((row) => row.name);
  const unfinished = async (queue: string) =>
    (
      (await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${queue} AND state <> 'completed'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]?.n;

  it('a verification mail goes out while 200 share mails wait for a stuck mail server', async () => {
    // The mail server takes share mails but never finishes one until released.
    const deliver = t.platform.mailer.deliver.bind(t.platform.mailer);
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let isShareMailStuck = false;
    t.platform.mailer.deliver = async (key, mail) => {
      if (mail.to.endsWith('@flood.test')) {
        isShareMailStuck = true;
        await released;
      }
      return deliver(key, mail);
    };
    try {
      await t.database.db.transaction(async (tx) => {
        for (let i = 0; i < 200; i++) {
          await t.platform.mail.queue(tx, {
            to: `reader-${i}@flood.test`,
            template: 'document-shared',
            lang: 'en',
            vars: {
              sharer: 'Flood',
              title: 'Flood',
              kind: 'template',
              role: 'view',
              isRegistered: false,
              url: 'http://localhost:3000/dashboard',
            },
          });
        }
      });
      await eventually(() => (isShareMailStuck ? true : undefined));

      const email = `newcomer-${Date.now()}@example.test`;
      const signUp = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-up',
        headers: { origin: 'http://localhost:3000' },
        payload: {
          firstname: 'New',
          lastname: 'Comer',
          email,
          phone: '',
          password: 'a-good-password',
          acceptTerms: true,
        },
      });
      expect(signUp.statusCode).toBe(201);
      expect(await queuesOf(email)).toEqual(['mail.deliver-account']);
      expect(await queuesOf('reader-0@flood.test')).toEqual(['mail.send']);

      await waitForMail(t.app, email, /Verify your e-mail address/);
      // Delivered while every share mail still waits.
      expect(await unfinished('mail.send')).toBe(200);
      const outbox = (await t.app.inject({ method: 'GET', url: '/dev/outbox.json' })).json() as {
        to: string;
      }[];
      expect(outbox.filter((mail) => mail.to.endsWith('@flood.test'))).toHaveLength(0);
    } finally {
      release();
    }
  });
});

describe('mail with SMTP', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  const received: { to: string; raw: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk) => {
          raw += chunk;
        });
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends through the SMTP server and keeps no outbox', async () => {
    await t.database.db.transaction((tx) =>
      t.platform.mail.queue(tx, {
        to: 'smtp@example.test',
        template: 'test-delivery',
        lang: 'en',
        vars: { url: 'http://localhost:3000' },
      }),
    );
    const message = await eventually(() => received.find((m) => m.to === 'smtp@example.test'));
    expect(message.raw).toContain('Subject: Pactum test message');
    expect(message.raw).toContain('text/html');
    expect(message.raw).toContain('text/plain');
    const outbox = await t.app.inject({ method: 'GET', url: '/dev/outbox.json' });
    expect(outbox.statusCode).toBe(404);
  });
});
