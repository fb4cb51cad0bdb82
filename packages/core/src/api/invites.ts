import { z } from 'zod';

/* Answers of the invite and signing link routes: where the person who opened a link goes next. */

/** The kinds of link: `invite`, an invite to negotiate (/document/invite/:id); `sign`, a signer's link. */
export const inviteKinds = ['invite', 'sign'] as const;

/** The link is the user's: go on to the document (`path`, a page of the app). */
export const inviteOpenSchema = z.object({ outcome: z.literal('open'), path: z.string() });

/**
 * GET /api/v1/invites/:kind/:linkId: go on (`open`), confirm taking the link (`claim`: nobody's
 * yet, the signed-in user may take it), or sign in or register first (nobody signed in; the
 * invited address prefills the form).
 */
export const inviteResolutionSchema = z.discriminatedUnion('outcome', [
  inviteOpenSchema,
  z.object({ outcome: z.enum(['login', 'register']), email: z.string().nullable() }),
  z.object({ outcome: z.literal('claim'), title: z.string(), senderName: z.string() }),
]);
