import { z } from 'zod';

/*
 * Building blocks of the API's response schemas. The server hands its answers to Fastify with
 * the values its services hold (Dates among them); the route's response schema encodes them for
 * the wire (`safeEncode`), checks them and leaves out every field it does not list. The web
 * reads the wire side of the same schemas: `Wire<typeof schema>`.
 */

/** What travels on the wire for `schema`: its encoded (input) side, dates as ISO strings. */
export type Wire<T extends z.ZodType> = z.input<T>;

/** A point in time: a Date in the server, an ISO 8601 string (UTC, `Z`) on the wire. */
export const isoDateTime = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/** An empty answer body of a route that answers 204. */
export const noContent = z.null().describe('No content');

/** `{ ok: true }`, the answer of an action that has nothing else to say. */
export const okResponse = z.object({ ok: z.literal(true) });
