import { z } from 'zod';
import { isoDateTime } from './wire';

/* Answers of the development outbox: e-mail and SMS kept instead of sent. */

/** The kinds of message the outbox keeps. */
export const outboxMessageKinds = ['email', 'sms'] as const;
export type OutboxMessageKind = (typeof outboxMessageKinds)[number];

/** One kept message; `subject` is empty for an SMS, `html` null for an SMS or a text-only mail. */
export const outboxMessageSchema = z.object({
  kind: z.enum(outboxMessageKinds),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: isoDateTime,
});

/** GET /dev/outbox.json: the kept messages, newest first. */
export const outboxSchema = z.array(outboxMessageSchema);

/** GET /dev/outbox: the same messages as a page to read. */
export const outboxPage = {
  description: 'The kept messages as an HTML page',
  content: { 'text/html': { schema: z.string() } },
};
