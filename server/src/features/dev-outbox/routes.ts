import { outboxPage, outboxSchema } from '@pactum/core/api/dev-outbox';
import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devOutbox } from '../../db/schema';
import { escapeHtml } from '../../platform/mail/templates';

/** How many messages the outbox shows. */
const OUTBOX_PAGE = 200;

/**
 * The development outbox: e-mail and SMS kept instead of sent, readable without signing in.
 * Registered outside production when no SMTP server is configured, or with DEV_OUTBOX=1 (the
 * only way in production: `config.isDevOutboxEnabled`).
 */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const list = async () => {
    const rows = await app.platform.database.db
      .select()
      .from(devOutbox)
      .orderBy(desc(devOutbox.createdAt), desc(devOutbox.id))
      .limit(OUTBOX_PAGE);
    return rows.map((row) => ({
      kind: row.kind,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      createdAt: row.createdAt,
    }));
  };

  app.get(
    '/dev/outbox.json',
    {
      schema: {
        tags: ['development'],
        summary: 'Kept e-mail and SMS, newest first',
        response: { 200: outboxSchema },
      },
    },
    async () => list(),
  );

  app.get(
    '/dev/outbox',
    { schema: { hide: true, response: { 200: outboxPage } } },
    async (_request, reply) => {
      const messages = await list();
      const items = messages
        .map(
          (m) => `<article>
  <h2>${escapeHtml(m.kind === 'sms' ? `SMS to ${m.to}` : m.subject)}</h2>
  <p class="meta">${m.kind === 'email' ? `To ${escapeHtml(m.to)} · ` : ''}<time>${m.createdAt.toISOString()}</time></p>
  <pre>${escapeHtml(m.text)}</pre>
</article>`,
        )
        .join('\n');
      return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Outbox - Pactum</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#222}
h1{color:#cc1672}article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}
h2{font-size:1.1rem;margin:0}.meta{color:#666;font-size:.9rem}pre{white-space:pre-wrap}</style></head>
<body><h1>Outbox</h1><p>Messages kept by this development installation instead of being sent, newest first.</p>
${items || '<p>No messages yet.</p>'}
</body></html>`);
    },
  );
};
