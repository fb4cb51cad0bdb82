import {
  SIGNING_CONSENT_VERSION,
  type SigningSigner,
  type SigningView,
} from '@pactum/core/signing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealSigners, users } from '../../db/schema';
import { countHome } from '../../documents/counters';
import { createTestApp, type TestApp } from '../../test/app';
import { createDeal, createWorkspaceWith } from '../../test/deal-factory';
import { apiAs } from '../../test/drafts-factories';
import { createUser, type TestUser } from '../../test/factories';

/*
 * The drawer's 'In Signing' counters and the 'To sign' / 'Waiting for signatures' lists while a
 * deal is in signing, for people whose addresses are not verified yet (as after a fresh sign-up):
 * a party who names themselves has a signature to give, a named signer outside the parties gets
 * the deal once they prove their address, and every change leaves the stored counters equal to a
 * fresh count.
 */

let t: TestApp;
let sender: TestUser;
let receiver: TestUser;
let colleague: TestUser;
let stranger: TestUser;
let otherWorkspaceUser: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [sender, receiver, colleague, stranger, otherWorkspaceUser] = await Promise.all([
    createUser(t.platform, { emailVerified: false }),
    createUser(t.platform, { emailVerified: false }),
    createUser(t.platform, { emailVerified: false }),
    createUser(t.platform),
    createUser(t.platform),
  ]);
  await createWorkspaceWith(t.database.db, [otherWorkspaceUser]);
  // The factory writes rows directly: the member's counters are rebuilt as the product would.
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/me/rebuild-counters',
    headers: { cookie: otherWorkspaceUser.cookie, origin: t.platform.config.publicUrl },
  });
});
afterAll(async () => {
  await t?.close();
});

const api = apiAs(() => t.app);

const signer = (user: TestUser, party: 'sender' | 'receiver', phone: string) => ({
  party,
  firstname: user.firstname ?? 'Test',
  lastname: user.lastname ?? 'User',
  email: user.email,
  phone,
});

type Counts = { sign: number; waiting: number; negotiate: number; signed: number };

/** The drawer's counters as the app loads them, checked against a fresh count. */
async function countsOf(user: TestUser): Promise<Counts> {
  const me = await api('GET', '/me', user);
  expect(me.statusCode).toBe(200);
  const counts = me.json().counts as Counts;
  expect(counts).toEqual(await countHome(t.database.db, user.id));
  return counts;
}

/** A deal made by the factory (which writes rows directly), counted for its parties. */
async function newDeal() {
  const { deal } = await createDeal(t.database.db, {
    sender,
    receiver,
    state: 'negotiate',
    isAgreedByReceiver: true,
  });
  for (const user of [sender, receiver]) {
    expect((await api('POST', '/me/rebuild-counters', user)).statusCode).toBe(200);
  }
  return deal;
}

async function listed(user: TestUser, group: string): Promise<string[]> {
  const response = await api('GET', `/deals?group=${group}&page=1&pageSize=25`, user);
  expect(response.statusCode).toBe(200);
  return (response.json().deals as { id: string }[]).map((deal) => deal.id);
}

describe('signing counters and lists', () => {
  it('are true for every party and signer through signing', async () => {
    const deal = await newDeal();
    expect(await countsOf(sender)).toMatchObject({ negotiate: 1, sign: 0, waiting: 0 });

    // The sender names herself: her unverified address is hers to sign on her own deal.
    const started = await api('POST', `/deals/${deal.id}/start-signing`, sender, {
      signers: [signer(sender, 'sender', '+358401111111')],
    });
    expect(started.statusCode).toBe(200);
    expect(await countsOf(sender)).toMatchObject({ negotiate: 0, sign: 1, waiting: 0 });
    expect(await listed(sender, 'sign')).toEqual([deal.id]);
    expect(await listed(sender, 'waiting')).toEqual([]);
    // The receiver has nothing to sign yet: the deal waits for signatures.
    expect(await countsOf(receiver)).toMatchObject({ negotiate: 0, sign: 0, waiting: 1 });
    expect(await listed(receiver, 'waiting')).toEqual([deal.id]);

    // The receiver names a colleague outside the deal's access, and himself.
    const setup = await api('PUT', `/deals/${deal.id}/signers`, receiver, {
      signers: [
        signer(receiver, 'receiver', '+358402222222'),
        signer(colleague, 'receiver', '+358403333333'),
      ],
    });
    expect(setup.statusCode).toBe(200);
    expect(await countsOf(receiver)).toMatchObject({ sign: 1, waiting: 0 });
    expect(await listed(receiver, 'sign')).toEqual([deal.id]);
    // The colleague's address is not proven: the deal is not theirs to see yet.
    expect(await countsOf(colleague)).toMatchObject({ sign: 0, waiting: 0 });
    expect(await listed(colleague, 'sign')).toEqual([]);

    // Verifying the address (as the verification link does) makes the slot theirs on next load.
    await t.database.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.id, colleague.id));
    expect(await countsOf(colleague)).toMatchObject({ sign: 1, waiting: 0 });
    expect(await listed(colleague, 'sign')).toEqual([deal.id]);
    const [slot] = await t.database.db
      .select({ userId: dealSigners.userId })
      .from(dealSigners)
      .where(eq(dealSigners.email, colleague.email));
    expect(slot?.userId).toBe(colleague.id);
    const colleagueView = (
      await api('GET', `/deals/${deal.id}/signing`, colleague)
    ).json() as SigningView;
    expect(colleagueView.signers.find((one) => one.isMe)?.canSign).toBe(true);

    // The colleague signs: off their 'To sign' list, on to 'Waiting for signatures'.
    const mine = colleagueView.signers.find((one) => one.isMe) as SigningSigner;
    const signed = await api('POST', `/deals/${deal.id}/signers/${mine.id}/sign`, colleague, {
      signature: { text: 'Colleague', font: 'kalam', color: 'green' },
      consent: { isAccepted: true, version: SIGNING_CONSENT_VERSION, lang: 'en' },
    });
    expect(signed.statusCode).toBe(200);
    expect(await countsOf(colleague)).toMatchObject({ sign: 0, waiting: 1 });
    expect(await listed(colleague, 'waiting')).toEqual([deal.id]);
    expect(await countsOf(receiver)).toMatchObject({ sign: 1, waiting: 0 });
    expect(await countsOf(sender)).toMatchObject({ sign: 1, waiting: 0 });

    // Nobody else sees the deal or counts it.
    for (const user of [stranger, otherWorkspaceUser]) {
      expect(await countsOf(user)).toMatchObject({ sign: 0, waiting: 0, signed: 0 });
      expect(await listed(user, 'sign')).toEqual([]);
      expect(await listed(user, 'waiting')).toEqual([]);
    }
  });

  it('counts a deal to sign once the signer opens the link mailed to them', async () => {
    const outsider = await createUser(t.platform, { emailVerified: false });
    const deal = await newDeal();
    const started = await api('POST', `/deals/${deal.id}/start-signing`, sender, {
      signers: [signer(outsider, 'sender', '+358404444444')],
    });
    expect(started.statusCode).toBe(200);
    expect(await countsOf(outsider)).toMatchObject({ sign: 0 });
    const [slot] = await t.database.db
      .select({ shortId: dealSigners.shortId })
      .from(dealSigners)
      .where(eq(dealSigners.email, outsider.email));
    const claimed = await api('POST', `/invites/sign/${slot?.shortId}/claim`, outsider);
    expect(claimed.statusCode).toBe(200);
    expect(await countsOf(outsider)).toMatchObject({ sign: 1, waiting: 0 });
    expect(await listed(outsider, 'sign')).toEqual([deal.id]);
  });
});
