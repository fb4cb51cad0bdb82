import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../../test/app';
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
