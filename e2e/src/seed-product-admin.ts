import { eq } from 'drizzle-orm';
import { loadConfig } from '../../server/src/config';
import { users, userTotp } from '../../server/src/db/schema';
import { base32Decode, sealSecret } from '../../server/src/features/two-factor/totp';
import { createPlatform, stopPlatform } from '../../server/src/platform/platform';
import { openConfiguredDatabase } from '../../server/src/start';
import type { ProductAdmin } from './product-admin';

/*
 * Run by the journeys' global set-up before the server starts (see product-admin.ts): signs the
 * product admin up as the app does, then sets what an operator sets with `npm run admin -- grant`
 * and what the verification link proves.
 */
const admin = JSON.parse(process.env.SEED_ADMIN ?? '') as ProductAdmin;
const config = loadConfig();
const database = await openConfiguredDatabase(config);
const platform = await createPlatform(config, database);
try {
  await platform.auth.api.signUpEmail({
    body: {
      name: `${admin.firstname} ${admin.lastname}`,
      email: admin.email,
      password: admin.password,
    },
  });
  const now = new Date();
  const updated = await database.db
    .update(users)
    .set({
      firstname: admin.firstname,
      lastname: admin.lastname,
      emailVerified: true,
      isAdmin: true,
      phone: admin.phone,
      profileCompletedAt: now,
      termsAcceptedAt: now,
      welcomedAt: now,
    })
    .where(eq(users.email, admin.email))
    .returning({ id: users.id });
  const [user] = updated;
  if (!user || updated.length !== 1) throw new Error(`No user ${admin.email} after signing up`);
  // Staff reach the admin area only after a sign-in with a second factor: the admin's
  // authenticator app, as the account page would have confirmed it.
  const { secret } = await platform.auth.$context;
  await database.db.insert(userTotp).values({
    userId: user.id,
    secret: sealSecret(secret, base32Decode(admin.totpSecret)),
    confirmedAt: now,
  });
  await database.db.update(users).set({ twoFactorAt: now }).where(eq(users.id, user.id));
} finally {
  await stopPlatform(platform);
  await database.close();
}
