import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

/**
 * What `npm run admin -- grant EMAIL | revoke EMAIL | list` asks for. The command runs in the
 * operator's own process on a database nobody else has open, or inside the running server when
 * it holds the embedded database (see local-control.ts): both run `runAdminFlagCommand`.
 */
export const adminFlagRequestSchema = z.discriminatedUnion('command', [
  z.strictObject({ command: z.enum(['grant', 'revoke']), email: z.string().min(1).max(320) }),
  z.strictObject({ command: z.literal('list') }),
]);
export type AdminFlagRequest = z.infer<typeof adminFlagRequestSchema>;

/** One line the command prints: `info` to stdout, `warn` and `error` to stderr. */
export type OutputLine = { level: 'info' | 'warn' | 'error'; text: string };

export const adminFlagOutcomeSchema = z.strictObject({
  exitCode: z.number().int().min(0).max(255),
  lines: z.array(
    z.strictObject({ level: z.enum(['info', 'warn', 'error']), text: z.string().max(2_000) }),
  ),
});
/** What the command says and its exit code (0 done, 1 refused). */
export type AdminFlagOutcome = z.infer<typeof adminFlagOutcomeSchema>;

/** The command line's words as a request, or undefined when they are not one. */
export function parseAdminFlagArgs(args: string[]): AdminFlagRequest | undefined {
  const [command, rawEmail, ...rest] = args;
  if (rest.length > 0) return undefined;
  const email = rawEmail?.trim().toLowerCase();
  if (command === 'list' && rawEmail === undefined) return { command };
  if ((command === 'grant' || command === 'revoke') && email) return { command, email };
  return undefined;
}

export const ADMIN_FLAG_USAGE = 'Usage: npm run admin -- grant EMAIL | revoke EMAIL | list';

/**
 * Sets or clears a user's admin flag, or lists the flagged users. The admin area also needs the
 * e-mail verified, on one of ADMIN_EMAIL_DOMAINS and a sign-in with a second factor (guard.ts):
 * the notes say so when the flag alone will not open it.
 */
export async function runAdminFlagCommand(
  database: Database,
  config: Pick<Config, 'adminEmailDomains'>,
  request: AdminFlagRequest,
): Promise<AdminFlagOutcome> {
  const lines: OutputLine[] = [];
  if (request.command === 'list') {
    const admins = await database.db
      .select({ email: users.email, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.isAdmin, true));
    for (const admin of admins) {
      lines.push({
        level: 'info',
        text: `${admin.email}${admin.emailVerified ? '' : ' (e-mail not verified)'}`,
      });
    }
    if (admins.length === 0) lines.push({ level: 'info', text: 'No administrators.' });
    return { exitCode: 0, lines };
  }
  const isGrant = request.command === 'grant';
  const [user] = await database.db
    .update(users)
    .set({ isAdmin: isGrant })
    .where(eq(users.email, request.email))
    .returning({ email: users.email, emailVerified: users.emailVerified });
  if (!user) {
    return {
      exitCode: 1,
      lines: [{ level: 'error', text: `No user with the e-mail ${request.email}.` }],
    };
  }
  lines.push({
    level: 'info',
    text: `${isGrant ? 'Granted' : 'Revoked'} admin for ${user.email}.`,
  });
  if (isGrant) {
    const domain = user.email.slice(user.email.lastIndexOf('@') + 1);
    if (!config.adminEmailDomains.includes(domain)) {
      lines.push({
        level: 'warn',
        text: `Note: ${domain} is not in ADMIN_EMAIL_DOMAINS (${config.adminEmailDomains.join(', ')}).`,
      });
    }
    if (!user.emailVerified)
      lines.push({ level: 'warn', text: 'Note: the e-mail is not verified yet.' });
  }
  return { exitCode: 0, lines };
}
