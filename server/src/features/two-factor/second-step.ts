import { randomBytes } from 'node:crypto';
import {
  type SecondFactorMethod,
  secondFactorMethods as secondFactorMethodList,
} from '@pactum/core/api/two-factor';
import { serializeSignedCookie } from 'better-call';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authChallenges, authEvents, passkeys, sessions, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { readCookie } from '../../platform/auth/sessions';
import type { Platform } from '../../platform/platform';
import { checkSecondFactorCode, countTry, passkeyCredential, usePasskey } from './factors';
import { tokenHash } from './totp';
import { loadWebAuthn, relyingParty } from './webauthn';

/** How long the second step of a sign-in may wait for its code or passkey. */
export const SECOND_STEP_TTL_SECONDS = 10 * 60;
/** The cookie that carries a sign-in waiting for its second factor (HttpOnly, auth routes only). */
export const SECOND_STEP_COOKIE = 'pactum.second_step';

/** What the browser sent that the second step needs. */
export type StepCaller = { ip: string; userAgent: string; cookieHeader: string | undefined };

function stepCookie(platform: Platform, value: string, maxAge: number): string {
  const secure = platform.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  return `${SECOND_STEP_COOKIE}=${value}; Path=/api/v1/auth; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`;
}

/** The factors a user can finish a sign-in with; empty when the account has none. */
export async function secondFactorMethods(
  db: DbOrTx,
  userId: string,
): Promise<SecondFactorMethod[]> {
  const [row] = await db
    .select({
      totp: sql<boolean>`EXISTS (SELECT 1 FROM user_totp t WHERE t.user_id = "user"."id"
        AND t.confirmed_at IS NOT NULL)`.mapWith(Boolean),
      passkey: sql<boolean>`EXISTS (SELECT 1 FROM passkey p
        WHERE p.user_id = "user"."id")`.mapWith(Boolean),
      recovery: sql<boolean>`EXISTS (SELECT 1 FROM recovery_code r
        WHERE r.user_id = "user"."id" AND r.used_at IS NULL)`.mapWith(Boolean),
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return [];
  return secondFactorMethodList.filter((method) => row[method]);
}

/**
 * After the right password of an account with a second factor: no session yet. The browser gets
 * a step cookie (256 random bits; only its hash is stored) that the code or passkey redeems.
 */
export async function beginSecondStep(
  platform: Platform,
  userId: string,
): Promise<{ methods: SecondFactorMethod[]; setCookies: string[] }> {
  const token = randomBytes(32).toString('base64url');
  const { db } = platform.database;
  await db.insert(authChallenges).values({
    tokenHash: tokenHash(token),
    userId,
    purpose: 'sign-in',
    expiresAt: new Date(Date.now() + SECOND_STEP_TTL_SECONDS * 1000),
  });
  const methods = await secondFactorMethods(db, userId);
  return { methods, setCookies: [stepCookie(platform, token, SECOND_STEP_TTL_SECONDS)] };
}

/** The sign-in waiting for its second factor, from the step cookie; 401 when gone or expired. */
async function pendingStep(platform: Platform, caller: StepCaller) {
  const token = readCookie(caller.cookieHeader, SECOND_STEP_COOKIE);
  if (!token) throw new AppError('second_factor_expired');
  const hash = tokenHash(token);
  const [row] = await platform.database.db
    .select()
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.tokenHash, hash),
        eq(authChallenges.purpose, 'sign-in'),
        gt(authChallenges.expiresAt, new Date()),
      ),
    );
  if (!row) throw new AppError('second_factor_expired');
  return row;
}

/**
 * Ends the step (its row deleted: a step makes one session however many right answers race)
 * and starts the session the password and factor earned.
 */
async function finish(
  platform: Platform,
  caller: StepCaller,
  step: { tokenHash: string; userId: string },
  factor: SecondFactorMethod,
  attemptKey: string,
): Promise<{ userId: string; setCookies: string[] }> {
  const { db } = platform.database;
  const taken = await db
    .delete(authChallenges)
    .where(eq(authChallenges.tokenHash, step.tokenHash))
    .returning({ userId: authChallenges.userId });
  if (taken.length === 0) throw new AppError('second_factor_expired');
  await platform.rateLimiter.reset(attemptKey);
  const context = await platform.auth.$context;
  let session: { id: string; token: string };
  try {
    session = await context.internalAdapter.createSession(step.userId, false, {
      ipAddress: caller.ip,
      userAgent: caller.userAgent,
    });
  } catch (error) {
    if ((error as { body?: { code?: string } }).body?.code === 'account_disabled') {
      throw new AppError('account_disabled');
    }
    throw error;
  }
  await db.update(sessions).set({ secondFactor: factor }).where(eq(sessions.id, session.id));
  await db
    .insert(authEvents)
    .values([
      { userId: step.userId, type: 'login', ipAddress: caller.ip },
      ...(factor === 'recovery'
        ? [{ userId: step.userId, type: 'recovery-code-used' as const, ipAddress: caller.ip }]
        : []),
    ]);
  const cookie = context.authCookies.sessionToken;
  const sessionCookie = await serializeSignedCookie(cookie.name, session.token, context.secret, {
    ...cookie.attributes,
    maxAge: context.sessionConfig.expiresIn,
  });
  return { userId: step.userId, setCookies: [sessionCookie, stepCookie(platform, '', 0)] };
}

/** Finishes a sign-in with an authenticator code or a recovery code. */
export async function finishWithCode(
  platform: Platform,
  caller: StepCaller,
  input: { code: string },
): Promise<{ userId: string; setCookies: string[] }> {
  const step = await pendingStep(platform, caller);
  const attemptKey = await countTry(platform, `second-factor:${step.userId}`);
  const factor = await checkSecondFactorCode(platform, step.userId, input.code);
  if (!factor) throw new AppError('second_factor_invalid');
  return finish(platform, caller, step, factor, attemptKey);
}

/** The WebAuthn request options for the sign-in waiting for its passkey. */
export async function passkeySignInOptions(
  platform: Platform,
  caller: StepCaller,
): Promise<Record<string, unknown>> {
  const step = await pendingStep(platform, caller);
  const { db } = platform.database;
  const keys = await db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, step.userId));
  if (keys.length === 0) throw new AppError('passkey_invalid');
  const { generateAuthenticationOptions } = await loadWebAuthn();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(platform.config).id,
    userVerification: 'preferred',
    allowCredentials: keys.map((key) => ({
      id: key.credentialId,
      transports: key.transports as never,
    })),
  });
  await db
    .update(authChallenges)
    .set({ webauthnChallenge: options.challenge })
    .where(eq(authChallenges.tokenHash, step.tokenHash));
  return options as unknown as Record<string, unknown>;
}

/** Finishes a sign-in with the passkey's answer to the step's challenge. */
export async function finishWithPasskey(
  platform: Platform,
  caller: StepCaller,
  input: { response: Record<string, unknown> },
): Promise<{ userId: string; setCookies: string[] }> {
  const step = await pendingStep(platform, caller);
  const attemptKey = await countTry(platform, `second-factor:${step.userId}`);
  if (!step.webauthnChallenge) throw new AppError('passkey_invalid');
  const key = await passkeyCredential(platform.database.db, step.userId, input.response);
  if (!key) throw new AppError('passkey_invalid');
  const { verifyAuthenticationResponse } = await loadWebAuthn();
  const rp = relyingParty(platform.config);
  const verification = await verifyAuthenticationResponse({
    response: input.response as never,
    expectedChallenge: step.webauthnChallenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    credential: {
      id: key.credentialId,
      publicKey: Buffer.from(key.publicKey, 'base64url'),
      counter: key.counter,
      transports: key.transports as never,
    },
  }).catch(() => ({ verified: false as const, authenticationInfo: undefined }));
  if (!verification.verified || !verification.authenticationInfo) {
    throw new AppError('passkey_invalid');
  }
  if (!(await usePasskey(platform, key, verification.authenticationInfo.newCounter))) {
    throw new AppError('passkey_invalid');
  }
  return finish(platform, caller, step, 'passkey', attemptKey);
}
