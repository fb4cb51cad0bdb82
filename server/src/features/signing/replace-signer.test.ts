import type { SigningView } from '@pactum/core/signing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealSigners, documentEvents } from '../../db/schema';
import { verifyEventChain } from '../../documents/audit-chain';
import { createTestApp, type TestApp } from '../../test/app';
import { createDeal } from '../../test/deal-factory';
import { apiAs } from '../../test/drafts-factories';
import type { TestUser } from '../../test/factories';
import { waitForMail } from '../../test/outbox';
import {
  createDealInSigning,
  createSigningCast,
  signerInput,
  signRequest,
} from '../../test/signing-factories';

/*
 * Replacing one signer (issue 40): a party's editor swaps a signer who has not signed for
 * someone else, saying why, without touching the other signers, their links or signatures.
 */

let t: TestApp;
let sender: TestUser;
let receiver: TestUser;
let senderReader: TestUser;
let outsider: TestUser;
let stranger: TestUser;
let otherWorkspaceUser: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  ({ sender, receiver, senderReader, outsider, stranger, otherWorkspaceUser } =
    await createSigningCast(t));
});
afterAll(async () => {
  await t?.close();
});

const api = apiAs(() => t.app);
const REASON = 'Our signer left the company last week.';
let phone = 7300000;
const nextPhone = () => `+35840${++phone}`;

/** A deal in signing whose receiver's signer is the outsider (about to be replaced). */
const inSigning = () =>
  createDealInSigning(
    t,
    { sender, receiver, receiverSigner: outsider },
    [nextPhone(), nextPhone()],
    { others: [{ user: senderReader, party: 'sender', role: 'view' }] },
  );

const slots = (dealId: string) =>
  t.database.db.select().from(dealSigners).where(eq(dealSigners.dealId, dealId));

const byReceiver = (user: TestUser) => ({
  firstname: 'rita',
  lastname: 'receiver',
  email: user.email,
  phone: nextPhone(),
  reason: REASON,
});

async function signAs(user: TestUser, dealId: string) {
  const view = (await api('GET', `/deals/${dealId}/signing`, user)).json() as SigningView;
  const mine = view.signers.find((signer) => signer.canSign);
  return api('POST', `/deals/${dealId}/signers/${mine?.id}/sign`, user, signRequest('Signed'));
}

describe('replacing one signer', () => {
  it('swaps the unsigned signer, keeps the others and their signatures, and says why', async () => {
    const deal = await inSigning();
    expect((await signAs(sender, deal.id)).statusCode).toBe(200);
    const before = await slots(deal.id);
    const old = before.find((slot) => slot.party === 'receiver');
    const kept = before.find((slot) => slot.party === 'sender');

    const response = await api(
      'PUT',
      `/deals/${deal.id}/signers/${old?.id}`,
      receiver,
      byReceiver(receiver),
    );
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json() as SigningView;
    expect(view.state).toBe('in-signing');

    const after = await slots(deal.id);
    expect(after.find((slot) => slot.id === kept?.id)).toMatchObject({
      shortId: kept?.shortId,
      state: 'signed',
      signatureText: 'Signed',
    });
    const added = after.find((slot) => slot.party === 'receiver');
    expect(added).toMatchObject({ firstname: 'Rita', lastname: 'Receiver', email: receiver.email });
    expect(added?.shortId).not.toBe(old?.shortId);
    expect(added?.nextReminderAt).toBeInstanceOf(Date);

    // The old link says it was replaced; the new signer has theirs by mail.
    const link = await api('GET', `/invites/sign/${old?.shortId}`, outsider);
    expect(link.statusCode).toBe(410);
    expect(link.json().error.code).toBe('signing_request_replaced');
    const mail = await waitForMail(t.app, receiver.email, /Please sign the document/);
    expect(mail.text).toContain(`/document/sign/${added?.shortId}`);

    const [event] = await t.database.db
      .select({ data: documentEvents.data })
      .from(documentEvents)
      .where(
        and(eq(documentEvents.documentId, deal.id), eq(documentEvents.event, 'signer-replaced')),
      );
    expect(event?.data).toMatchObject({
      from: `Signer ${outsider.lastname}`,
      to: 'Rita Receiver',
      reason: REASON,
    });
    expect(
      await verifyEventChain(t.database.db, { collection: 'deals', documentId: deal.id }),
    ).toMatchObject({ isValid: true });

    // The new signer signs: the deal completes with the first signature kept.
    expect((await signAs(receiver, deal.id)).statusCode).toBe(200);
    expect(
      ((await api('GET', `/deals/${deal.id}/signing`, sender)).json() as SigningView).state,
    ).toBe('signed');
  });
});

describe('who may replace a signer, and what is refused', () => {
  it('refuses a signed signer, the other party, a reader, a stranger and another workspace', async () => {
    const deal = await inSigning();
    expect((await signAs(sender, deal.id)).statusCode).toBe(200);
    const before = await slots(deal.id);
    const senderSlot = before.find((slot) => slot.party === 'sender');
    const receiverSlot = before.find((slot) => slot.party === 'receiver');
    const url = `/deals/${deal.id}/signers/${receiverSlot?.id}`;

    const signed = await api('PUT', `/deals/${deal.id}/signers/${senderSlot?.id}`, sender, {
      ...byReceiver(stranger),
    });
    expect(signed.statusCode).toBe(409);
    expect(signed.json().error.code).toBe('already_signed');
    expect((await api('PUT', url, sender, byReceiver(stranger))).statusCode).toBe(403);
    expect((await api('PUT', url, senderReader, byReceiver(stranger))).statusCode).toBe(403);
    expect((await api('PUT', url, stranger, byReceiver(stranger))).statusCode).toBe(404);
    expect((await api('PUT', url, otherWorkspaceUser, byReceiver(stranger))).statusCode).toBe(404);
    const view = (await api('GET', `/deals/${deal.id}/signing`, sender)).json() as SigningView;
    expect(view.signers.find((signer) => signer.id === receiverSlot?.id)?.canReplace).toBe(false);
    expect(await slots(deal.id)).toEqual(before);
  });

  it('checks the new signer and the reason, and answers 409 outside signing', async () => {
    const deal = await inSigning();
    const receiverSlot = (await slots(deal.id)).find((slot) => slot.party === 'receiver');
    const url = `/deals/${deal.id}/signers/${receiverSlot?.id}`;
    const short = await api('PUT', url, receiver, { ...byReceiver(receiver), reason: 'Left.' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual({ reason: 'At least 10 characters required' });
    const badEmail = await api('PUT', url, receiver, { ...byReceiver(receiver), email: 'rita@' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.message).toBe('E-mail must be valid');

    const { deal: negotiating } = await createDeal(t.database.db, {
      sender,
      receiver,
      state: 'negotiate',
    });
    const setup = await api('PUT', `/deals/${negotiating.id}/signers`, receiver, {
      signers: [signerInput(receiver, 'receiver', nextPhone())],
    });
    expect(setup.statusCode).toBe(200);
    const ahead = (await slots(negotiating.id))[0];
    const notSigning = await api(
      'PUT',
      `/deals/${negotiating.id}/signers/${ahead?.id}`,
      receiver,
      byReceiver(outsider),
    );
    expect(notSigning.statusCode).toBe(409);
  });
});
