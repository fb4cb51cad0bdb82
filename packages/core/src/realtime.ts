import { z } from 'zod';

/**
 * Realtime wire protocol shared by the server (`/api/v1/live`) and the browser hook.
 *
 * A topic names one thing a browser can watch: `user:<id>`, `deal:<id>`, `draft:<id>`,
 * `template:<id>`, `draft-queue:<id>`, `folder:<id>`. The part before the colon is the
 * topic kind; the server checks access per kind on every subscribe.
 * In the browser a topic `deal:42` maps to the TanStack Query key prefix `['deal', '42']`,
 * so an event on a topic refetches every query under that prefix.
 */
export const topicSchema = z
  .string()
  .min(3)
  .max(200)
  .regex(/^[a-z][a-z-]*:[A-Za-z0-9_-]+$/, 'Invalid topic');

export type Topic = z.infer<typeof topicSchema>;

/** Messages the browser sends. */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), topic: topicSchema }),
  z.object({ type: z.literal('unsubscribe'), topic: topicSchema }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** One change that happened to a topic's subject; `type` says what, e.g. `section.updated`. */
export const liveEventSchema = z.object({
  topic: topicSchema,
  type: z.string().min(1).max(100),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** Messages the server sends. */
export type ServerMessage =
  | { type: 'ready'; userId: string }
  | { type: 'subscribed'; topic: Topic }
  | { type: 'unsubscribed'; topic: Topic }
  | { type: 'event'; event: LiveEvent }
  | { type: 'error'; code: 'bad_message' | 'forbidden' | 'too_many_topics'; topic?: Topic }
  | { type: 'pong' }
  /** Events may have been missed (the server's database listener was lost): refetch every topic. */
  | { type: 'resync' };

/** The TanStack Query key prefix that a topic's events invalidate. */
export function topicQueryKey(topic: Topic): [string, string] {
  const at = topic.indexOf(':');
  return [topic.slice(0, at), topic.slice(at + 1)];
}

/** Most topics one socket may hold at once. */
export const MAX_TOPICS_PER_SOCKET = 200;
