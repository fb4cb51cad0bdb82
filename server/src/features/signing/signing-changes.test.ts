import type { SigningView } from '@pactum/core/signing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealSigners, deals } from '../../db/schema';
import { verifyEventChain } from '../../documents/audit-chain';
import { createTestApp, type TestApp } from '../../test/app';
import { createDeal } from '../../test/deal-factory';
import { apiAs } from '../../test/drafts-factories';
import { createUser, type TestUser } from '../../test/factories';
import { waitForMail } from '../../test/outbox';
import { signerInput, signRequest } from '../../test/signing-factories';

/*
 * Changes while a deal is in signing: the deal-wide SMS two-step setting, changing a party's
 * signers, and switching a sign-process deal back to negotiation.
 */

let t: TestApp;
let sender: TestUser;
let receiver: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [sender, receiver] = await Promise.all([createUser(t.platform), createUser(t.platform)]);
});
afterAll(async () => {
  await t?.close();
});

const api = apiAs(() => t.app);

const signerOf = signerInput;

const signBody = signRequest('Signed here');

const openLink = (user: TestUser, shortId: string) =>
  api('POST', `/invites/sign/${shortId}/claim`, user);

async function signersOf(dealId: string) {
  return t.database.db.select().from(dealSigners).where(eq(dealSigners.dealId, dealId));
}

describe('two-step verification is the deal’s', () => {
  it('holds for the receiver’s signers when the sender started signing with it', async () => {
    const { deal } = await createDeal(t.database.db, {
      sender,
      receiver,
      state: 'negotiate',
      isAgreedByReceiver: true,
    });
    await api('POST', `/deals/${deal.id}/start-signing`, sender, {
      signers: [signerOf(sender, 'sender', '+358409000001')],
      use2faInSigning: true,
    });
    const setup = await api('PUT', `/deals/${deal.id}/signers`, receiver, {
      signers: [signerOf(receiver, 'receiver', '+358409000002')],
      use2faInSigning: false,
    });
    expect(setup.statusCode).toBe(200);
    const view = setup.json() as SigningView;
    expect(view.use2faInSigning).toBe(true);
    const mine = view.signers.find((signer) => signer.party === 'receiver');
    expect(mine).toMatchObject({ use2fa: true, twoStep: 'started' });
    // Without the code the receiver's signer cannot sign; the code is theirs to ask for.
    const refused = await api('POST', `/deals/${deal.id}/signers/${mine?.id}/sign`, receiver, {
      ...signBody,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      'Please verify your phone number with the code first.',
    );
    expect(
      (await api('POST', `/deals/${deal.id}/signers/${mine?.id}/code`, receiver)).statusCode,
    ).toBe(200);
    const [stored] = await t.database.db.select().from(deals).where(eq(deals.id, deal.id));
    expect(stored?.use2faInSigning).toBe(true);
  });

  it('applies the starter’s choice to signers named ahead, and a setup cannot turn it on', async () => {
    const { deal } = await createDeal(t.database.db, {
      sender,
      receiver,
      state: 'negotiate',
      isAgreedByReceiver: true,
    });
    // Named ahead in negotiation with the check off...
    await api('PUT', `/deals/${deal.id}/signers`, receiver, {
      signers: [signerOf(receiver, 'receiver', '+358409000003')],
      use2faInSigning: false,
    });
    // ...the sender starts with it on: everyone verifies.
    await api('POST', `/deals/${deal.id}/start-signing`, sender, {
      signers: [signerOf(sender, 'sender', '+358409000004')],
      use2faInSigning: true,
    });
    expect((await signersOf(deal.id)).map((signer) => signer.use2fa)).toEqual([true, true]);

    const { deal: plain } = await createDeal(t.database.db, {
      sender,
      receiver,
      state: 'negotiate',
      isAgreedByReceiver: true,
    });
    await api('POST', `/deals/${plain.id}/start-signing`, sender, {
      signers: [signerOf(sender, 'sender', '+358409000005')],
      use2faInSigning: false,
    });
    await api('PUT', `/deals/${plain.id}/signers`, receiver, {
      signers: [signerOf(receiver, 'receiver', '+358409000006')],
      use2faInSigning: true,
    });
    expect((await signersOf(plain.id)).map((signer) => signer.use2fa)).toEqual([false, false]);
  });
});

describe('changing signers in signing', () => {
  it('replaces the party’s signers: the old link and record stop working, the new signer is mailed', async () => {
    const [first, second] = await Promise.all([createUser(t.platform), createUser(t.platform)]);
    const { deal } = await createDeal(t.database.db, {
      sender,
      receiver,
      state: 'new',
      process: 'sign',
      title: 'Change of signers',
      isAgreedByReceiver: true,
    });
    await api('POST', `/deals/${deal.id}/start-signing`, sender, {
      signers: [signerOf(first, 'sender', '+358409000011')],
    });
    await api('PUT', `/deals/${deal.id}/signers`, receiver, {
      signers: [signerOf(receiver, 'receiver', '+358409000012')],
    });
    const before = await signersOf(deal.id);
    const old = before.find((signer) => signer.party === 'sender');
    const theirs = before.find((signer) => signer.party === 'receiver');
    if (!old || !theirs) throw new Error('signers missing');
    await waitForMail(t.app, first.email, /Please sign the document "Change of signers"/);

    const changed = await api('PUT', `/deals/${deal.id}/signers`, sender, {
      signers: [signerOf(second, 'sender', '+358409000013')],
    });
    expect(changed.statusCode).toBe(200);
    const view = changed.json() as SigningView;
    // Still the sign process in signing (see setupSigners on the spec's change-signer process).
    expect(view).toMatchObject({ state: 'in-signing', process: 'sign' });
    expect(view.events.map((event) => event.event)).toContain('change-signer');
    const after = await signersOf(deal.id);
    expect(after.map((signer) => signer.email).sort()).toEqual(
      [second.email, receiver.email].sort(),
    );
    // The other party's signer is untouched: same record, same link.
    expect(after.find((signer) => signer.party === 'receiver')).toMatchObject({
      id: theirs.id,
      shortId: theirs.shortId,
    });
    const added = after.find((signer) => signer.party === 'sender');
    if (!added) throw new Error('new signer missing');
    expect(added.shortId).not.toBe(old.shortId);
    const mail = await waitForMail(t.app, second.email, /Please sign the document/);
    expect(mail.text).toContain(`/document/sign/${added.shortId}`);

    // The replaced signer: the link, the signing view and the old record are gone for them.
    const link = await openLink(first, old.shortId);
    // It says why it stopped working (issue 40): the party named its signers again.
    expect(link.statusCode).toBe(410);
    expect(link.json().error.code).toBe('signing_request_replaced');
    expect((await api('GET', `/deals/${deal.id}/signing`, first)).statusCode).toBe(404);
    expect(
      (await api('POST', `/deals/${deal.id}/signers/${old.id}/sign`, first, signBody)).statusCode,
    ).toBe(404);
    // Even a party editor cannot sign on the removed record.
    const gone = await api('POST', `/deals/${deal.id}/signers/${old.id}/sign`, sender, signBody);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('Technical error. Please contact support');

    // The new signer signs through their link.
    expect((await openLink(second, added.shortId)).json()).toMatchObject({ outcome: 'open' });
    expect(
      (await api('POST', `/deals/${deal.id}/signers/${added.id}/sign`, second, signBody))
        .statusCode,
    ).toBe(200);
    // With a signature in, the party's signers cannot change any more.
    const late = await api('PUT', `/deals/${deal.id}/signers`, sender, {
      signers: [signerOf(first, 'sender', '+358409000011')],
    });
    expect(late.statusCode).toBe(409);
    expect(
      await verifyEventChain(t.database.db, { collection: 'deals', documentId: deal.id }),
    ).toMatchObject({ isValid: true });
  });
});

describe('switching from signing to negotiation', () => {
  it('takes a sign-process deal back to negotiation and revokes every signer', async () => {
    const signerUser = await createUser(t.platform);
    const { deal } = await createDeal(t.database.db, {
      sender,
      receiver,
      state: 'new',
      process: 'sign',
      isAgreedByReceiver: true,
    });
    await api('POST', `/deals/${deal.id}/start-signing`, sender, {
      signers: [signerOf(signerUser, 'sender', '+358409000021')],
    });
    await api('PUT', `/deals/${deal.id}/signers`, receiver, {
      signers: [signerOf(receiver, 'receiver', '+358409000022')],
    });
    const before = await signersOf(deal.id);
    expect(before).toHaveLength(2);
    // A named signer is not a party editor: they cannot switch.
    expect((await api('POST', `/deals/${deal.id}/cancel-signing`, signerUser)).statusCode).toBe(
      403,
    );

    const switched = await api('POST', `/deals/${deal.id}/cancel-signing`, sender);
    expect(switched.statusCode).toBe(200);
    const view = switched.json() as SigningView;
    expect(view).toMatchObject({ state: 'negotiate', process: 'negotiate', signers: [] });
    const events = view.events.map((event) => event.event);
    expect(events).toContain('sign-to-nego');
    expect(events).not.toContain('restart-nego');
    const [stored] = await t.database.db.select().from(deals).where(eq(deals.id, deal.id));
    expect(stored).toMatchObject({
      state: 'negotiate',
      process: 'negotiate',
      contentSha256: null,
    });
    expect(await signersOf(deal.id)).toEqual([]);

    // Every old link and record stops working.
    for (const old of before) {
      const link = await openLink(signerUser, old.shortId);
      expect(link.statusCode).toBe(410);
      expect(link.json().error.code).toBe('signing_request_cancelled');
    }
    expect((await api('GET', `/deals/${deal.id}/signing`, signerUser)).statusCode).toBe(404);
    const stale = before.find((signer) => signer.party === 'receiver');
    const refused = await api(
      'POST',
      `/deals/${deal.id}/signers/${stale?.id}/sign`,
      receiver,
      signBody,
    );
    // The deal left signing: a stale slot is told so (409), as a signature that lost a race is.
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('This document is not waiting for signatures.');
    expect(
      await verifyEventChain(t.database.db, { collection: 'deals', documentId: deal.id }),
    ).toMatchObject({ isValid: true });
  });
});
