import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealSigners, deals, signerCodes } from '../../db/schema';
import { verifyEventChain } from '../../documents/audit-chain';
import { AppError } from '../../http/app-error';
import { createTestApp, eventually, type TestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';
import type { OutboxMessage } from '../../test/outbox';
import { newLinkId } from '../invites/link-id';
import {
  getTwoStepStatus,
  isTwoStepCompleted,
  sendSignerCode,
  startTwoStep,
  validateSignerCode,
} from './two-step';

const invalidText = 'Verification code is invalid. Please check the code and try again.';

describe('SMS two-step codes of signers', () => {
  let t: TestApp;
  let sender: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    sender = await createUser(t.platform);
  });
  afterAll(() => t?.close());

  const deps = () => t.platform;

  /** A deal in signing with one sender signer whose phone is unique to the test. */
  async function signerInSigning(options: { phone?: string | null } = {}) {
    const phone =
      options.phone === undefined
        ? `+35840${randomBytes(4).readUInt32BE() % 10_000_000}`
        : options.phone;
    const [deal] = await t.database.db
      .insert(deals)
      .values({
        title: 'Toimitussopimus',
        process: 'negotiate',
        state: 'in-signing',
        parties: {
          sender: { type: 'business', name: 'Puu Oy' },
          receiver: { type: 'business', name: 'Sjöfart Ab' },
        },
        sentBy: sender.id,
      })
      .returning();
    const [signer] = await t.database.db
      .insert(dealSigners)
      .values({
        shortId: newLinkId(),
        dealId: deal?.id ?? '',
        party: 'sender',
        firstname: 'Matti',
        lastname: 'Meikäläinen',
        email: sender.email,
        phone,
      })
      .returning();
    if (!deal || !signer) throw new Error('not created');
    await t.database.db.transaction((tx) => startTwoStep(tx, signer.id));
    return { deal, signer, phone: phone ?? '' };
  }

  async function smsTo(phone: string, count: number): Promise<OutboxMessage[]> {
    return eventually(async () => {
      const list = (
        await t.app.inject({ method: 'GET', url: '/dev/outbox.json' })
      ).json() as OutboxMessage[];
      const messages = list.filter((message) => message.kind === 'sms' && message.to === phone);
      return messages.length >= count ? messages : undefined;
    });
  }

  async function latestCode(phone: string, count: number): Promise<string> {
    const messages = await smsTo(phone, count);
    const texts = messages.map((message) => message.text);
    const newest = messages.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
    const code = newest?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code in ${texts.join(' | ')}`);
    return code;
  }

  async function refusal(promise: Promise<unknown>): Promise<AppError> {
    const error = await promise.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
    return error;
  }

  it('sends a 6-digit code by SMS, keeps only its hash, and completes with it once', async () => {
    const { deal, signer, phone } = await signerInSigning();
    expect((await getTwoStepStatus(t.database.db, signer.id))?.state).toBe('started');

    const sent = await sendSignerCode(deps(), { signerId: signer.id, userId: sender.id });
    expect(sent.state).toBe('code-sent');
    expect(sent.message).toBe(`Verification sent to: ${sent.phone}`);
    expect(sent.phone).toMatch(/^\+358\*+\d{3}$/);
    const code = await latestCode(phone, 1);
    expect((await smsTo(phone, 1))[0]?.text).toContain('valid for 10 minutes');

    const [row] = await t.database.db
      .select()
      .from(signerCodes)
      .where(eq(signerCodes.signerId, signer.id));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(`"${code}"`);
    const expiresInSeconds = ((row?.expiresAt?.getTime() ?? 0) - Date.now()) / 1000;
    expect(expiresInSeconds).toBeGreaterThan(9 * 60);
    expect(expiresInSeconds).toBeLessThanOrEqual(10 * 60);

    const wrong = code === '000000' ? '000001' : '000000';
    const error = await refusal(validateSignerCode(deps(), { signerId: signer.id, code: wrong }));
    expect(error).toMatchObject({
      code: 'two_step_code_invalid',
      statusCode: 400,
      message: invalidText,
    });
    expect(await isTwoStepCompleted(t.database.db, signer.id)).toBe(false);

    expect(
      await validateSignerCode(deps(), { signerId: signer.id, code, userId: sender.id }),
    ).toEqual({
      state: 'completed',
      message: 'Verification completed',
    });
    expect(await isTwoStepCompleted(t.database.db, signer.id)).toBe(true);

    // single use: the same code again is refused
    const reused = await refusal(validateSignerCode(deps(), { signerId: signer.id, code }));
    expect(reused.message).toBe(invalidText);

    const chain = await verifyEventChain(t.database.db, {
      collection: 'deals',
      documentId: deal.id,
    });
    expect(chain).toMatchObject({ isValid: true, count: 2 });
  });

  it('locks the code after 5 wrong tries; a new code works again', async () => {
    const { signer, phone } = await signerInSigning();
    await sendSignerCode(deps(), { signerId: signer.id });
    const code = await latestCode(phone, 1);
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++) {
      const error = await refusal(validateSignerCode(deps(), { signerId: signer.id, code: wrong }));
      expect(error.message).toBe(invalidText);
    }
    const locked = await refusal(validateSignerCode(deps(), { signerId: signer.id, code }));
    expect(locked).toMatchObject({ code: 'two_step_code_locked', statusCode: 429 });
    expect(await isTwoStepCompleted(t.database.db, signer.id)).toBe(false);

    await sendSignerCode(deps(), { signerId: signer.id });
    const second = await latestCode(phone, 2);
    expect(await validateSignerCode(deps(), { signerId: signer.id, code: second })).toMatchObject({
      state: 'completed',
    });
  });

  it('refuses an expired code and a code typed before any was sent', async () => {
    const { signer, phone } = await signerInSigning();
    const early = await refusal(
      validateSignerCode(deps(), { signerId: signer.id, code: '123456' }),
    );
    expect(early.message).toBe(invalidText);

    await sendSignerCode(deps(), { signerId: signer.id });
    const code = await latestCode(phone, 1);
    await t.database.db
      .update(signerCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(signerCodes.signerId, signer.id));
    const expired = await refusal(validateSignerCode(deps(), { signerId: signer.id, code }));
    expect(expired).toMatchObject({ code: 'two_step_code_invalid', message: invalidText });
  });

  it('limits how many codes a signer can have sent', async () => {
    const { signer } = await signerInSigning();
    for (let i = 0; i < 5; i++) await sendSignerCode(deps(), { signerId: signer.id });
    const limited = await refusal(sendSignerCode(deps(), { signerId: signer.id }));
    expect(limited).toMatchObject({ code: 'two_step_code_rate_limited', statusCode: 429 });
    expect(limited.headers?.['retry-after']).toMatch(/^\d+$/);
  });

  it('refuses a signer without a phone and an unknown signer', async () => {
    const { signer } = await signerInSigning({ phone: null });
    const noPhone = await refusal(sendSignerCode(deps(), { signerId: signer.id }));
    expect(noPhone.message).toBe('Phone number must be valid (e.g., +358)');
    const unknown = await refusal(
      sendSignerCode(deps(), { signerId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unknown).toMatchObject({
      code: 'signer_not_found',
      message: 'Technical error. Please contact support',
    });
  });

  it('texts the code in Finnish when asked', async () => {
    const { signer, phone } = await signerInSigning();
    const sent = await sendSignerCode(deps(), { signerId: signer.id, lang: 'fi' });
    expect(sent.message).toBe(`Vahvistuskoodi lähetetty numeroon: ${sent.phone}`);
    expect((await smsTo(phone, 1))[0]?.text).toMatch(/^\d{6} on Pactumin allekirjoituskoodisi/);
  });
});
