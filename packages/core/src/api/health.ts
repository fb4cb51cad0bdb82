import { z } from 'zod';

/* The answer of the health route. */

/** GET /api/health: the same shape with 200 (ok) and 503 (degraded, or stopping on SIGTERM). */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'stopping']),
  version: z.string(),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), isReachable: z.boolean() }),
  migrations: z.object({
    expected: z.number().int(),
    applied: z.number().int(),
    isCurrent: z.boolean(),
  }),
  /** False while this process hears no live events (its database listener is reconnecting). */
  realtime: z.object({ isListening: z.boolean() }),
});
