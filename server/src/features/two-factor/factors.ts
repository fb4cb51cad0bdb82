import { randomBytes } from 'node:crypto';
import type { SecondFactorMethod, TwoFactorStatus } from '@pactum/core/api/two-factor';
import { and, asc, count, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  accounts,
  authChallenges,
  authEvents,
  passkeys,
  recoveryCodes,
  sessions,
  users,
  userTotp,
} from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { ResolvedSession } from '../../http/session';
import type { Platform } from '../../platform/platform';
import type { RateRule } from '../../platform/rate-limit/rate-limit';
import {
  base32Encode,
  isRecoveryCodeShape,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  otpauthUri,
  recoveryCodeHash,
  sealSecret,
  tokenHash,
} from './totp';
import { loadWebAuthn, relyingParty } from './webauthn';

/**
 * Changing a factor, and the admin area's weightiest actions, need the person to have proved who
 * they are within this long: at sign-in, or again with `reauthenticate`.
 */
export const RECENT_AUTHENTICATION_SECONDS = 15 * 60;
/**
 * Tries of a code, a passkey or the password per account and purpose: the 11th within 15 minutes
 * is refused (429). Every try is counted before it is checked, so tries raced in parallel are each
 * counted once; a success resets the count.
 */
const TRIES: RateRule = { max: 10, windowSeconds: 15 * 60 };

/** Counts one try under `key` (e.g. `second-factor:<user>`); 429 past the limit. */
export async function countTry(platform: Platform, key: string): Promise<string> {
  const attempt = await platform.rateLimiter.hit(key, TRIES);
  if (!attempt.isAllowed) {
    throw new AppError('rate_limited', {}, { retryAfterSeconds: attempt.retryAfterSeconds });
  }
  return key;
}

/** How long a passkey registration waits for the authenticator's answer. */
const PASSKEY_REGISTER_TTL_SECONDS = 5 * 60;

/**
 * 401 `reauthentication_required` unless the caller's session proved who they are within the last
 * 15 minutes. API tokens never pass: these actions are a person's, at a browser.
 */
export function requireRecentAuthentication(session: ResolvedSession): void {
  if (session.token || !session.authenticatedAt) throw new AppError('reauthentication_required');
  const age = Date.now() - session.authenticatedAt.getTime();
  if (age > RECENT_AUTHENTICATION_SECONDS * 1000) throw new AppError('reauthentication_required');
}

async function authSecret(platform: Platform): Promise<string> {
  return (await platform.auth.$context).secret;
}

/**
 * Whether a typed code is a right second factor for the user, and which: an authenticator code
 * for a step after the last one accepted (taken in the same statement, so a code works once even
 * when raced), or an unused recovery code (marked used in the same statement).
 */
export async function checkSecondFactorCode(
  platform: Platform,
  userId: string,
  code: string,
): Promise<SecondFactorMethod | undefined> {
  const { db } = platform.database;
  if (isRecoveryCodeShape(code)) {
    const used = await db
      .update(recoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, recoveryCodeHash(code)),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return used.length > 0 ? 'recovery' : undefined;
  }
  const [row] = await db
    .select({ secret: userTotp.secret })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)));
  if (!row) return undefined;
  const step = matchTotp(openSecret(await authSecret(platform), row.secret), code, Date.now());
  if (step === undefined) return undefined;
  const taken = await db
    .update(userTotp)
    .set({ lastStep: step })
    .where(and(eq(userTotp.userId, userId), lt(userTotp.lastStep, step)))
    .returning({ userId: userTotp.userId });
  return taken.length > 0 ? 'totp' : undefined;
}

/** The user's passkey an authenticator's answer names (`id`), if it is theirs. */
export async function passkeyCredential(
  db: DbOrTx,
  userId: string,
  response: Record<string, unknown>,
) {
  const credentialId = typeof response.id === 'string' ? response.id : '';
  if (!credentialId) return undefined;
  const [key] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.credentialId, credentialId)));
  return key;
}

/**
 * Records a passkey's use with its new signature counter. An authenticator that counts must count
 * up: a counter that did not move past the stored one means a cloned key (refused).
 */
export async function usePasskey(
  platform: Platform,
  key: { id: string; counter: number },
  newCounter: number,
): Promise<boolean> {
  const counts = newCounter > 0 || key.counter > 0;
  const updated = await platform.database.db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: new Date() })
    .where(and(eq(passkeys.id, key.id), counts ? lt(passkeys.counter, newCounter) : sql`true`))
    .returning({ id: passkeys.id });
  return updated.length > 0;
}

/**
 * Keeps `user.two_factor_at` true to the factors (set when the first is added, cleared with the
 * last) and drops the recovery codes once no factor is left. Inside the change's transaction.
 */
async function syncTwoFactor(tx: Tx, userId: string): Promise<void> {
  const [row] = await tx
    .select({
      factors: sql<number>`(SELECT count(*) FROM ${userTotp} WHERE ${userTotp.userId} = ${userId}
        AND ${userTotp.confirmedAt} IS NOT NULL)
        + (SELECT count(*) FROM ${passkeys} WHERE ${passkeys.userId} = ${userId})`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  const hasFactor = (row?.factors ?? 0) > 0;
  await tx
    .update(users)
    .set({ twoFactorAt: hasFactor ? sql`coalesce(${users.twoFactorAt}, now())` : null })
    .where(eq(users.id, userId));
  if (!hasFactor) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** New recovery codes replace the old ones; the plain codes are returned once, to be shown. */
async function replaceRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(code) })));
  await tx.insert(authEvents).values({ userId, type: 'recovery-codes-made' });
  return codes;
}

/** Recovery codes for a user who has none left unused (the first factor, or all used up). */
async function recoveryCodesIfNone(tx: Tx, userId: string): Promise<string[]> {
  const [row] = await tx
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return (row?.left ?? 0) > 0 ? [] : replaceRecoveryCodes(tx, userId);
}

/** The caller's factors, for the account page. */
export async function getTwoFactorStatus(
  platform: Platform,
  session: ResolvedSession,
): Promise<TwoFactorStatus> {
  const { db } = platform.database;
  const userId = session.user.id;
  const [totp] = await db
    .select({ confirmedAt: userTotp.confirmedAt })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)));
  const keys = await db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  const [codes] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return {
    totpEnabledAt: totp?.confirmedAt?.toISOString() ?? null,
    passkeys: keys.map((key) => ({
      ...key,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    })),
    recoveryCodesLeft: codes?.left ?? 0,
    hasPassword: await hasPassword(db, userId),
    isRequired: session.user.isTwoFactorRequired,
  };
}

async function hasPassword(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.userId, userId),
        eq(accounts.providerId, 'credential'),
        isNotNull(accounts.password),
      ),
    );
  return row !== undefined;
}

/** Whether the password is the user's (through the auth engine's own hashing). */
export async function isPasswordRight(
  platform: Platform,
  userId: string,
  password: string,
): Promise<boolean> {
  const [row] = await platform.database.db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  if (!row?.hash) return false;
  const context = await platform.auth.$context;
  return context.password.verify({ hash: row.hash, password });
}

/**
 * Confirms it is still the person at this browser: the password, and with an authenticator app a
 * fresh code (or a recovery code). Tries count like sign-ins. The session then counts as freshly
 * authenticated for 15 minutes.
 */
export async function reauthenticate(
  platform: Platform,
  session: ResolvedSession,
  input: { password: string; code?: string | undefined; ip: string },
): Promise<void> {
  if (session.token) throw new AppError('forbidden');
  const userId = session.user.id;
  const key = await countTry(platform, `reauthenticate:${userId}`);
  if (!(await isPasswordRight(platform, userId, input.password))) {
    throw new AppError('wrong_password');
  }
  const { db } = platform.database;
  const [totp] = await db
    .select({ userId: userTotp.userId })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)));
  if (totp) {
    const factor = input.code
      ? await checkSecondFactorCode(platform, userId, input.code)
      : undefined;
    if (!factor) throw new AppError('second_factor_invalid');
  }
  await platform.rateLimiter.reset(key);
  await db
    .update(sessions)
    .set({ authenticatedAt: new Date() })
    .where(eq(sessions.id, session.sessionId));
  await db.insert(authEvents).values({ userId, type: 'reauthenticated', ipAddress: input.ip });
}

/**
 * Starts adding an authenticator app: a new secret (sealed at rest) that counts only once a code
 * from it is confirmed. One app per account; a second needs the first removed.
 */
export async function startTotp(
  platform: Platform,
  session: ResolvedSession,
): Promise<{ secret: string; uri: string }> {
  requireRecentAuthentication(session);
  const userId = session.user.id;
  const secret = newTotpSecret();
  const sealed = sealSecret(await authSecret(platform), secret);
  const { db } = platform.database;
  const [existing] = await db
    .select({ confirmedAt: userTotp.confirmedAt })
    .from(userTotp)
    .where(eq(userTotp.userId, userId));
  if (existing?.confirmedAt) throw new AppError('conflict');
  await db
    .insert(userTotp)
    .values({ userId, secret: sealed })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secret: sealed, lastStep: 0, createdAt: new Date() },
      setWhere: isNull(userTotp.confirmedAt),
    });
  const uri = otpauthUri(secret, session.user.email);
  return { secret: base32Encode(secret), uri };
}

/**
 * Confirms the authenticator app with a code from it. The first factor of an account comes with
 * its recovery codes (returned once). This session proved the factor, so it counts as signed in
 * with it.
 */
export async function confirmTotp(
  platform: Platform,
  session: ResolvedSession,
  input: { code: string; ip: string },
): Promise<{ recoveryCodes: string[] }> {
  requireRecentAuthentication(session);
  const userId = session.user.id;
  await countTry(platform, `totp-confirm:${userId}`);
  const secret = await authSecret(platform);
  return platform.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(userTotp)
      .where(and(eq(userTotp.userId, userId), isNull(userTotp.confirmedAt)))
      .for('update');
    if (!row) throw new AppError('totp_not_pending');
    const step = matchTotp(openSecret(secret, row.secret), input.code, Date.now());
    if (step === undefined) throw new AppError('second_factor_invalid');
    await tx
      .update(userTotp)
      .set({ confirmedAt: new Date(), lastStep: step })
      .where(eq(userTotp.userId, userId));
    await syncTwoFactor(tx, userId);
    await tx
      .update(sessions)
      .set({ secondFactor: 'totp' })
      .where(eq(sessions.id, session.sessionId));
    await tx.insert(authEvents).values({ userId, type: 'totp-enabled', ipAddress: input.ip });
    return { recoveryCodes: await recoveryCodesIfNone(tx, userId) };
  });
}

/** Removes the authenticator app (recently authenticated sessions only). */
export async function disableTotp(
  platform: Platform,
  session: ResolvedSession,
  input: { ip: string },
): Promise<void> {
  requireRecentAuthentication(session);
  const userId = session.user.id;
  await platform.database.db.transaction(async (tx) => {
    const removed = await tx
      .delete(userTotp)
      .where(eq(userTotp.userId, userId))
      .returning({ confirmedAt: userTotp.confirmedAt });
    if (!removed[0]?.confirmedAt) return;
    await syncTwoFactor(tx, userId);
    await tx.insert(authEvents).values({ userId, type: 'totp-disabled', ipAddress: input.ip });
  });
}

/** New recovery codes, the old ones void; only for an account with a factor. */
export async function regenerateRecoveryCodes(
  platform: Platform,
  session: ResolvedSession,
): Promise<{ recoveryCodes: string[] }> {
  requireRecentAuthentication(session);
  if (!session.user.hasTwoFactor) throw new AppError('conflict');
  return platform.database.db.transaction(async (tx) => ({
    recoveryCodes: await replaceRecoveryCodes(tx, session.user.id),
  }));
}

/** WebAuthn creation options for a new passkey; the challenge waits 5 minutes for its answer. */
export async function passkeyRegistrationOptions(
  platform: Platform,
  session: ResolvedSession,
): Promise<Record<string, unknown>> {
  requireRecentAuthentication(session);
  const userId = session.user.id;
  const { db } = platform.database;
  const existing = await db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  const { generateRegistrationOptions } = await loadWebAuthn();
  const rp = relyingParty(platform.config);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: session.user.email,
    userDisplayName: session.user.name,
    userID: new TextEncoder().encode(userId),
    attestationType: 'none',
    excludeCredentials: existing.map((key) => ({
      id: key.credentialId,
      transports: key.transports as never,
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await db.transaction(async (tx) => {
    await tx
      .delete(authChallenges)
      .where(
        and(eq(authChallenges.userId, userId), eq(authChallenges.purpose, 'passkey-register')),
      );
    await tx.insert(authChallenges).values({
      tokenHash: tokenHash(randomBytes(32).toString('base64url')),
      userId,
      purpose: 'passkey-register',
      webauthnChallenge: options.challenge,
      expiresAt: new Date(Date.now() + PASSKEY_REGISTER_TTL_SECONDS * 1000),
    });
  });
  return options as unknown as Record<string, unknown>;
}

/**
 * Registers the passkey the authenticator made for the latest challenge. The first factor of an
 * account comes with its recovery codes (returned once).
 */
export async function addPasskey(
  platform: Platform,
  session: ResolvedSession,
  input: { name: string; response: Record<string, unknown>; ip: string },
): Promise<{ recoveryCodes: string[] }> {
  requireRecentAuthentication(session);
  const userId = session.user.id;
  const { db } = platform.database;
  const [challenge] = await db
    .delete(authChallenges)
    .where(
      and(
        eq(authChallenges.userId, userId),
        eq(authChallenges.purpose, 'passkey-register'),
        gt(authChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ webauthnChallenge: authChallenges.webauthnChallenge });
  if (!challenge?.webauthnChallenge) throw new AppError('passkey_invalid');
  const { verifyRegistrationResponse } = await loadWebAuthn();
  const rp = relyingParty(platform.config);
  const verification = await verifyRegistrationResponse({
    response: input.response as never,
    expectedChallenge: challenge.webauthnChallenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
  }).catch(() => undefined);
  const info = verification?.verified ? verification.registrationInfo : undefined;
  if (!info) throw new AppError('passkey_invalid');
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(passkeys)
      .values({
        userId,
        name: input.name,
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        transports: info.credential.transports ?? [],
        isBackedUp: info.credentialBackedUp,
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning({ id: passkeys.id });
    if (inserted.length === 0) throw new AppError('conflict');
    await syncTwoFactor(tx, userId);
    await tx
      .update(sessions)
      .set({ secondFactor: 'passkey' })
      .where(and(eq(sessions.id, session.sessionId), isNull(sessions.secondFactor)));
    await tx.insert(authEvents).values({ userId, type: 'passkey-added', ipAddress: input.ip });
    return { recoveryCodes: await recoveryCodesIfNone(tx, userId) };
  });
}

/** Removes one of the caller's passkeys; 404 for anyone else's. */
export async function removePasskey(
  platform: Platform,
  session: ResolvedSession,
  input: { passkeyId: string; ip: string },
): Promise<void> {
  requireRecentAuthentication(session);
  const userId = session.user.id;
  await platform.database.db.transaction(async (tx) => {
    const removed = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, input.passkeyId), eq(passkeys.userId, userId)))
      .returning({ id: passkeys.id });
    if (removed.length === 0) throw new AppError('not_found');
    await syncTwoFactor(tx, userId);
    await tx.insert(authEvents).values({ userId, type: 'passkey-removed', ipAddress: input.ip });
  });
}

/**
 * Support's way back in for someone who lost every factor and recovery code: all factors and
 * codes removed, the account's sessions ended. The admin feature logs who and why.
 */
export async function resetSecondFactor(tx: Tx, userId: string): Promise<void> {
  await tx.delete(userTotp).where(eq(userTotp.userId, userId));
  await tx.delete(passkeys).where(eq(passkeys.userId, userId));
  await tx.delete(authChallenges).where(eq(authChallenges.userId, userId));
  await syncTwoFactor(tx, userId);
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.insert(authEvents).values({ userId, type: 'second-factor-reset' });
}
