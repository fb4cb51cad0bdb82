import { eq } from 'drizzle-orm';
import { loadConfig } from '../../server/src/config';
import { users } from '../../server/src/db/schema';
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
  if (updated.length !== 1) throw new Error(`No user ${admin.email} after signing up`);
} finally {
  await stopPlatform(platform);
  await database.close();
}
