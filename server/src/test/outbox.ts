import type { OutboxMessageKind } from '@pactum/core/api/dev-outbox';
import type { FastifyInstance } from 'fastify';
import { eventually } from './app';

export type OutboxMessage = {
  kind: OutboxMessageKind;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
};

/** The newest outbox message to `to` whose subject matches, once the mail job delivered it. */
export async function waitForMail(
  app: FastifyInstance,
  to: string,
  subject: RegExp,
  options: { after?: number } = {},
): Promise<OutboxMessage> {
  return eventually(async () => {
    const list = (
      await app.inject({ method: 'GET', url: '/dev/outbox.json' })
    ).json() as OutboxMessage[];
    return list.find(
      (m) =>
        m.to === to &&
        subject.test(m.subject) &&
        (options.after === undefined || Date.parse(m.createdAt) >= options.after),
    );
  });
}

/** The `code` of the first /verify/email link in a mail's text. */
export function codeFromMail(message: OutboxMessage): { mode: string; code: string } {
  const match = message.text.match(/https?:\/\/\S+\/verify\/email\?\S+/);
  if (!match) throw new Error(`No verification link in: ${message.text}`);
  const url = new URL(match[0]);
  return { mode: url.searchParams.get('mode') ?? '', code: url.searchParams.get('code') ?? '' };
}
