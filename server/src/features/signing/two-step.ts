import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  maskPhone,
  nextTwoStepState,
  normaliseTwoStepCode,
  type SigningLang,
  signingMessage,
  TWO_STEP_CODE_TTL_SECONDS,
  TWO_STEP_MAX_ATTEMPTS,
  TWO_STEP_MAX_SENDS,
  TWO_STEP_SEND_WINDOW_SECONDS,
  type TwoStepState,
} from '@pactum/core/signing';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dealSigners, signerCodes } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { appendDealEvent } from './deal-events';

/*
 * The SMS two-step check of a signer (spec 3 §4, §5, §7 signer2faSendCode / ValidateCode):
 * a 6-digit code from the CSPRNG, kept only as an HMAC with a per-code salt, valid 10 minutes,
 * used once, at most 5 wrong tries (then locked until a new code is sent), sends limited per
 * signer. The code goes to the phone on the signer record, never to one the client names.
 * Authorising the caller (the signer's own user, deal in signing) is the route's job.
 */

export type TwoStepStatus = {
  state: TwoStepState;
  /** Masked, for 'Verification sent to: %s'. */
  phone: string | null;
  expiresAt: Date | null;
  completedAt: Date | null;
};

function hashCode(signerId: string, code: string, salt: string): string {
  return createHmac('sha256', Buffer.from(salt, 'base64url'))
    .update(`${signerId}:${code}`)
    .digest('hex');
}

function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

const smsText: Record<SigningLang, (code: string) => string> = {
  en: (code) =>
    `${code} is your Pactum signing code. It is valid for 10 minutes. Do not share it with anyone.`,
  fi: (code) =>
    `${code} on Pactumin allekirjoituskoodisi. Se on voimassa 10 minuuttia. Älä kerro sitä kenellekään.`,
};

/**
 * Marks a signer as needing the two-step check (state `started`), e.g. when signing starts on a
 * deal with two-step verification on. Does nothing when the signer already has a state.
 */
export async function startTwoStep(tx: DbOrTx, signerId: string): Promise<void> {
  await tx
    .insert(signerCodes)
    .values({ signerId, state: 'started' })
    .onConflictDoNothing({ target: signerCodes.signerId });
}

/** The signer's two-step state, or null when the signer has none. */
export async function getTwoStepStatus(
  db: DbOrTx,
  signerId: string,
): Promise<TwoStepStatus | null> {
  const [row] = await db.select().from(signerCodes).where(eq(signerCodes.signerId, signerId));
  if (!row) return null;
  return {
    state: row.state,
    phone: row.phone ? maskPhone(row.phone) : null,
    expiresAt: row.expiresAt,
    completedAt: row.completedAt,
  };
}

/** Whether the signer passed the check (the sign step asks this when the deal uses two-step). */
export async function isTwoStepCompleted(db: DbOrTx, signerId: string): Promise<boolean> {
  return (await getTwoStepStatus(db, signerId))?.state === 'completed';
}

/**
 * Sends a new code to the signer's phone by SMS (through the SMS job, in the transaction that
 * stores its hash). A new code replaces the previous one and resets the tries.
 */
export async function sendSignerCode(
  platform: Platform,
  options: { signerId: string; lang?: SigningLang; userId?: string | null },
): Promise<{ state: TwoStepState; phone: string; message: string }> {
  const lang = options.lang ?? 'en';
  const [signer] = await platform.database.db
    .select({
      id: dealSigners.id,
      dealId: dealSigners.dealId,
      party: dealSigners.party,
      phone: dealSigners.phone,
    })
    .from(dealSigners)
    .where(eq(dealSigners.id, options.signerId));
  if (!signer) throw new AppError('signer_not_found');
  if (!signer.phone) throw new AppError('signer_phone_invalid');
  const phone = signer.phone;

  const limit = await platform.rateLimiter.hit(`signer-code-send:${signer.id}`, {
    max: TWO_STEP_MAX_SENDS,
    windowSeconds: TWO_STEP_SEND_WINDOW_SECONDS,
  });
  if (!limit.isAllowed) {
    throw new AppError(
      'two_step_code_rate_limited',
      {},
      {
        retryAfterSeconds: limit.retryAfterSeconds,
      },
    );
  }

  const code = newCode();
  const salt = randomBytes(16).toString('base64url');
  const isCompleted = await platform.database.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ state: signerCodes.state })
      .from(signerCodes)
      .where(eq(signerCodes.signerId, signer.id))
      .for('update');
    if (current && nextTwoStepState(current.state, 'send') === null) return true;
    const values = {
      state: 'code-sent' as const,
      phone,
      codeHash: hashCode(signer.id, code, salt),
      codeSalt: salt,
      expiresAt: sql`now() + make_interval(secs => ${TWO_STEP_CODE_TTL_SECONDS})`,
      failedAttempts: 0,
      lastSentAt: sql`now()`,
      updatedAt: sql`now()`,
    };
    await tx
      .insert(signerCodes)
      .values({ signerId: signer.id, ...values, sentCount: 1 })
      .onConflictDoUpdate({
        target: signerCodes.signerId,
        set: { ...values, sentCount: sql`${signerCodes.sentCount} + 1` },
      });
    await platform.sms.queue(tx, { to: phone, text: smsText[lang](code) });
    await appendDealEvent(platform, tx, signer.dealId, {
      event: 'signer-2fa-code-sent',
      party: null,
      userId: options.userId ?? null,
      data: { signerId: signer.id, phone: maskPhone(phone) },
    });
    return false;
  });
  if (isCompleted) {
    return {
      state: 'completed',
      phone: maskPhone(phone),
      message: signingMessage('codeCompleted', lang),
    };
  }
  return {
    state: 'code-sent',
    phone: maskPhone(phone),
    message: signingMessage('codeSent', lang, maskPhone(phone)),
  };
}

type ValidateOutcome = 'completed' | 'invalid' | 'locked';

/**
 * Checks a typed code. Right: state `completed` ('Verification completed'). Wrong, expired,
 * already used or never sent: 'Verification code is invalid. Please check the code and try
 * again.' (400). After `TWO_STEP_MAX_ATTEMPTS` wrong tries the code is locked (429) until a new
 * one is sent. Each try is counted in its own committed transaction, so failures stick.
 */
export async function validateSignerCode(
  platform: Platform,
  options: { signerId: string; code: string; lang?: SigningLang; userId?: string | null },
): Promise<{ state: 'completed'; message: string }> {
  const lang = options.lang ?? 'en';
  const typed = normaliseTwoStepCode(options.code);
  const outcome = await platform.database.db.transaction(async (tx): Promise<ValidateOutcome> => {
    const [row] = await tx
      .select({
        state: signerCodes.state,
        codeHash: signerCodes.codeHash,
        codeSalt: signerCodes.codeSalt,
        failedAttempts: signerCodes.failedAttempts,
        isExpired: sql<boolean>`${signerCodes.expiresAt} <= now()`,
        dealId: dealSigners.dealId,
      })
      .from(signerCodes)
      .innerJoin(dealSigners, eq(dealSigners.id, signerCodes.signerId))
      .where(eq(signerCodes.signerId, options.signerId))
      .for('update', { of: signerCodes });
    if (row?.state !== 'code-sent' || !row.codeHash || !row.codeSalt) return 'invalid';
    if (row.failedAttempts >= TWO_STEP_MAX_ATTEMPTS) return 'locked';
    if (row.isExpired) return 'invalid';
    const expected = Buffer.from(row.codeHash, 'hex');
    const actual = Buffer.from(hashCode(options.signerId, typed ?? '', row.codeSalt), 'hex');
    if (typed === null || !timingSafeEqual(expected, actual)) {
      await tx
        .update(signerCodes)
        .set({ failedAttempts: sql`${signerCodes.failedAttempts} + 1`, updatedAt: sql`now()` })
        .where(eq(signerCodes.signerId, options.signerId));
      return 'invalid';
    }
    await tx
      .update(signerCodes)
      .set({
        state: 'completed',
        codeHash: null,
        codeSalt: null,
        completedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(signerCodes.signerId, options.signerId));
    await appendDealEvent(platform, tx, row.dealId, {
      event: 'signer-2fa-completed',
      party: null,
      userId: options.userId ?? null,
      data: { signerId: options.signerId },
    });
    return 'completed';
  });
  if (outcome === 'locked') throw new AppError('two_step_code_locked');
  if (outcome === 'invalid') throw new AppError('two_step_code_invalid');
  return { state: 'completed', message: signingMessage('codeCompleted', lang) };
}
