import type { SigningView } from '@pactum/core/signing';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealSigners, deals, documentEvents, notifications } from '../../db/schema';
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
 * Withdrawing a signing request (issue 40): the sender's side takes it back with a reason, to
 * negotiation or the trash, also after signatures (voided); every signer's link then says why
 * it stopped working, as links do after a cancel, a decline or a new signer setup.
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
const REASON = 'The receiver asked for a new price list before anyone signs.';
const withdraw = (
  user: TestUser,
  dealId: string,
  moveTo: 'negotiation' | 'trash' = 'negotiation',
  reason = REASON,
) => api('POST', `/deals/${dealId}/withdraw-signing`, user, { reason, moveTo });

let phone = 7100000;
const nextPhone = () => `+35840${++phone}`;

/** A deal in signing: the sender signs for the sender, `receiverSigner` for the receiver. */
const inSigning = (receiverSigner: TestUser = outsider) =>
  createDealInSigning(t, { sender, receiver, receiverSigner }, [nextPhone(), nextPhone()], {
    others: [{ user: senderReader, party: 'sender', role: 'view' }],
  });

async function signersOf(dealId: string) {
  return t.database.db.select().from(dealSigners).where(eq(dealSigners.dealId, dealId));
}

async function signAsSender(dealId: string) {
  const view = (await api('GET', `/deals/${dealId}/signing`, sender)).json() as SigningView;
  const mine = view.signers.find((signer) => signer.canSign);
  const signed = await api(
    'POST',
    `/deals/${dealId}/signers/${mine?.id}/sign`,
    sender,
    signRequest('Signed'),
  );
  expect(signed.statusCode, signed.body).toBe(200);
}

const openLink = (user: TestUser, shortId: string) => api('GET', `/invites/sign/${shortId}`, user);

async function dealRow(dealId: string) {
  const [row] = await t.database.db.select().from(deals).where(eq(deals.id, dealId));
  return row;
}

describe('withdrawing a signing request', () => {
  it('voids the signatures, ends every link and tells the signers and the other side why', async () => {
    const deal = await inSigning();
    await signAsSender(deal.id);
    const before = await signersOf(deal.id);

    const response = await withdraw(sender, deal.id);
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json() as SigningView;
    expect(view).toMatchObject({ state: 'negotiate', canWithdraw: false, signers: [] });
    expect(await dealRow(deal.id)).toMatchObject({ state: 'negotiate', contentSha256: null });

    const events = await t.database.db
      .select({ event: documentEvents.event, data: documentEvents.data })
      .from(documentEvents)
      .where(and(eq(documentEvents.collection, 'deals'), eq(documentEvents.documentId, deal.id)))
      .orderBy(asc(documentEvents.seq));
    expect(events.slice(-2).map((event) => event.event)).toEqual([
      'signature-voided',
      'signing-withdrawn',
    ]);
    expect(events.at(-1)?.data).toMatchObject({ reason: REASON, moveTo: 'negotiation' });
    expect(
      await verifyEventChain(t.database.db, { collection: 'deals', documentId: deal.id }),
    ).toMatchObject({ isValid: true });

    // Every link says it was withdrawn; none signs any more.
    for (const signer of before) {
      const link = await openLink(signer.party === 'sender' ? sender : outsider, signer.shortId);
      expect(link.statusCode).toBe(410);
      expect(link.json().error.message).toBe('This signing request was withdrawn by the sender.');
    }
    const outsiderSlot = before.find((signer) => signer.party === 'receiver');
    const late = await api(
      'POST',
      `/deals/${deal.id}/signers/${outsiderSlot?.id}/sign`,
      outsider,
      signRequest('Too late'),
    );
    expect(late.statusCode).toBe(404);

    // The signer and the receiver's side are mailed the reason; the bell tells everyone else.
    for (const user of [outsider, receiver]) {
      const mail = await waitForMail(t.app, user.email, /signing request for .* was withdrawn/);
      expect(mail.text).toContain(REASON);
    }
    const told = await t.database.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(
        and(eq(notifications.documentId, deal.id), eq(notifications.event, 'signing-withdrawn')),
      );
    expect(told.map((row) => row.userId)).toEqual(
      expect.arrayContaining([receiver.id, outsider.id]),
    );
    expect(told.map((row) => row.userId)).not.toContain(sender.id);
  });

  it('moves the deal to the trash when asked, to come back into negotiation if restored', async () => {
    const deal = await inSigning();
    const response = await withdraw(sender, deal.id, 'trash');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ state: 'trash', isTrashed: true });
    expect(await dealRow(deal.id)).toMatchObject({
      state: 'trash',
      beforeTrashState: 'negotiate',
    });
    expect(await signersOf(deal.id)).toEqual([]);
  });

  it('sends a Send & Sign PDF to the trash only', async () => {
    const { deal } = await createDeal(t.database.db, {
      sender,
      receiver,
      state: 'in-signing',
      process: 'pdf',
    });
    const toNegotiation = await withdraw(sender, deal.id, 'negotiation');
    expect(toNegotiation.statusCode).toBe(409);
    expect(toNegotiation.json().error.code).toBe('withdraw_pdf_to_negotiation');
    expect((await withdraw(sender, deal.id, 'trash')).statusCode).toBe(200);
    expect((await dealRow(deal.id))?.state).toBe('trash');
  });
});

describe('who may withdraw, and what is refused', () => {
  it('refuses the receiver’s side, a reader, a stranger and another workspace’s user', async () => {
    const deal = await inSigning();
    const asReceiver = await withdraw(receiver, deal.id);
    expect(asReceiver.statusCode).toBe(403);
    expect(
      ((await api('GET', `/deals/${deal.id}/signing`, receiver)).json() as SigningView).canWithdraw,
    ).toBe(false);
    expect((await withdraw(senderReader, deal.id)).statusCode).toBe(403);
    expect((await withdraw(stranger, deal.id)).statusCode).toBe(404);
    expect((await withdraw(otherWorkspaceUser, deal.id)).statusCode).toBe(404);
    expect((await dealRow(deal.id))?.state).toBe('in-signing');
    expect(
      ((await api('GET', `/deals/${deal.id}/signing`, sender)).json() as SigningView).canWithdraw,
    ).toBe(true);
  });

  it('asks for a reason and a target, and answers 409 outside signing', async () => {
    const deal = await inSigning();
    const short = await withdraw(sender, deal.id, 'negotiation', 'Because.');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual({ reason: 'At least 10 characters required' });
    const noTarget = await api('POST', `/deals/${deal.id}/withdraw-signing`, sender, {
      reason: REASON,
    });
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.json().error.fields).toHaveProperty('moveTo');
    expect((await withdraw(sender, deal.id)).statusCode).toBe(200);
    const again = await withdraw(sender, deal.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This document is not waiting for signatures.');
  });
});

describe('a signing link whose request ended', () => {
  it('says it was cancelled, declined or replaced, never just “not found”', async () => {
    const cancelled = await inSigning();
    const [cancelledLink] = await signersOf(cancelled.id);
    expect((await api('POST', `/deals/${cancelled.id}/cancel-signing`, sender)).statusCode).toBe(
      200,
    );
    const afterCancel = await openLink(sender, cancelledLink?.shortId ?? '');
    expect(afterCancel.statusCode).toBe(410);
    expect(afterCancel.json().error.code).toBe('signing_request_cancelled');

    const declined = await inSigning();
    const [declinedLink] = await signersOf(declined.id);
    const declining = await api('POST', `/deals/${declined.id}/decline-signing`, receiver, {
      reason: REASON,
    });
    expect(declining.statusCode, declining.body).toBe(200);
    const afterDecline = await openLink(sender, declinedLink?.shortId ?? '');
    expect(afterDecline.statusCode).toBe(410);
    expect(afterDecline.json().error.code).toBe('signing_request_declined');

    const replaced = await inSigning();
    const old = (await signersOf(replaced.id)).find((signer) => signer.party === 'receiver');
    const renamed = await api('PUT', `/deals/${replaced.id}/signers`, receiver, {
      signers: [signerInput(receiver, 'receiver', nextPhone())],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const afterReplace = await openLink(outsider, old?.shortId ?? '');
    expect(afterReplace.statusCode).toBe(410);
    expect(afterReplace.json().error.code).toBe('signing_request_replaced');

    // A link that never was stays 'not found'.
    expect((await openLink(outsider, 'x'.repeat(22))).statusCode).toBe(404);
  });
});
