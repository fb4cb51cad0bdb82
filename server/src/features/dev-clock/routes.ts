import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const clockSchema = z.object({ now: z.iso.datetime(), offsetMs: z.number().int() });

/**
 * The test-only time source: `POST /dev/clock` moves the schedulers' clock forward (or back to the
 * system's time with `reset`) and has the alert and digest schedulers look for due work at once.
 * Registered outside production only; production has no route and an immovable clock.
 */
export const devClockRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clock } = app.platform;
  const answer = () => ({ now: clock.now().toISOString(), offsetMs: clock.offsetMs() });

  app.get(
    '/dev/clock',
    {
      schema: {
        tags: ['development'],
        summary: 'The schedulers’ time',
        response: { 200: clockSchema },
      },
    },
    async () => answer(),
  );

  app.post(
    '/dev/clock',
    {
      schema: {
        tags: ['development'],
        summary: 'Move the schedulers’ clock forward, or back to the system’s time',
        body: z.strictObject({
          advanceMs: z
            .number()
            .int()
            .min(0)
            .max(400 * 24 * 3_600_000)
            .optional(),
          reset: z.literal(true).optional(),
        }),
        response: { 200: clockSchema },
      },
    },
    async (request) => {
      await clock.move(request.body.reset ? 0 : (request.body.advanceMs ?? 0));
      return answer();
    },
  );
};
