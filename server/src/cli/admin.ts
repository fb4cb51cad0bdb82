import { eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { users } from '../db/schema';
import { openConfiguredDatabase } from '../start';

/**
 * `npm run admin -- grant EMAIL` / `revoke EMAIL` / `list`: the operator's way to make someone a
 * product administrator. The admin area also needs their e-mail verified and on one of
 * ADMIN_EMAIL_DOMAINS.
 */
const [command, rawEmail] = process.argv.slice(2);
const email = rawEmail?.trim().toLowerCase();
if (!command || !['grant', 'revoke', 'list'].includes(command) || (command !== 'list' && !email)) {
  console.error('Usage: npm run admin -- grant EMAIL | revoke EMAIL | list');
  process.exit(2);
}
const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  if (command === 'list') {
    const admins = await database.db
      .select({ email: users.email, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.isAdmin, true));
    for (const admin of admins) {
      console.info(`${admin.email}${admin.emailVerified ? '' : ' (e-mail not verified)'}`);
    }
    if (admins.length === 0) console.info('No administrators.');
  } else {
    const updated = await database.db
      .update(users)
      .set({ isAdmin: command === 'grant' })
      .where(eq(users.email, email ?? ''))
      .returning({ email: users.email, emailVerified: users.emailVerified });
    const [user] = updated;
    if (!user) {
      console.error(`No user with the e-mail ${email}.`);
      process.exitCode = 1;
    } else {
      const domain = user.email.slice(user.email.lastIndexOf('@') + 1);
      console.info(`${command === 'grant' ? 'Granted' : 'Revoked'} admin for ${user.email}.`);
      if (command === 'grant' && !config.adminEmailDomains.includes(domain)) {
        console.warn(
          `Note: ${domain} is not in ADMIN_EMAIL_DOMAINS (${config.adminEmailDomains.join(', ')}).`,
        );
      }
      if (command === 'grant' && !user.emailVerified)
        console.warn('Note: the e-mail is not verified yet.');
    }
  }
} finally {
  await database.close();
}
