import { randomBytes } from 'node:crypto';
import type { DealCard, DealDetail } from '@pactum/core/deals';
import type { SigningView } from '@pactum/core/signing';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dealSigners,
  deals,
  documentEvents,
  notifications,
  signedPdfs,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema';
import { verifyEventChain } from '../../documents/audit-chain';
import { createTestApp, eventually, type TestApp } from '../../test/app';
import { createDeal, createWorkspaceWith } from '../../test/deal-factory';
import { apiAs } from '../../test/drafts-factories';
import type { TestUser } from '../../test/factories';
import { waitForMail } from '../../test/outbox';
import { pdfsig, pdfText } from '../../test/pdf-tools';
import {
  createDealInSigning,
  createSigningCast,
  signerInput,
  signRequest,
} from '../../test/signing-factories';

/*
 * Declining to sign (issue 40): a signer, or an editor of either party, says no with a reason;
 * the signatures given are voided, the deal is back in negotiation with the decline on it until
 * signing starts again, and both parties are told. Strangers, readers and other workspaces are
 * refused, and a decline racing the last signature leaves exactly one of them.
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
const REASON = 'The liability cap in section 4 is not what we agreed on the phone.';
const decline = (user: TestUser, dealId: string, reason = REASON) =>
  api('POST', `/deals/${dealId}/decline-signing`, user, { reason });
const nameOf = (user: TestUser) => `Signer ${user.lastname}`;

const inSigning = (options: Parameters<typeof createDealInSigning>[3] = {}) =>
  createDealInSigning(t, { sender, receiver }, phones(), options);

let phoneCounter = 0;
function phones(): [string, string] {
  phoneCounter += 2;
  return [`+35840${String(7000000 + phoneCounter)}`, `+35840${String(7000001 + phoneCounter)}`];
}

async function signingView(user: TestUser, dealId: string) {
  const response = await api('GET', `/deals/${dealId}/signing`, user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SigningView;
}

async function signAs(user: TestUser, dealId: string) {
  const view = await signingView(user, dealId);
  const mine = view.signers.find((signer) => signer.canSign);
  if (!mine) throw new Error('no signer slot to sign');
  return api('POST', `/deals/${dealId}/signers/${mine.id}/sign`, user, signRequest('Signed'));
}

async function eventsOf(dealId: string) {
  return t.database.db
    .select({ event: documentEvents.event, data: documentEvents.data })
    .from(documentEvents)
    .where(and(eq(documentEvents.collection, 'deals'), eq(documentEvents.documentId, dealId)))
    .orderBy(asc(documentEvents.seq));
}

async function dealRow(dealId: string) {
  const [row] = await t.database.db.select().from(deals).where(eq(deals.id, dealId));
  return row;
}

describe('declining to sign', () => {
  it('voids the signatures given, ends signing and keeps who declined, when and why', async () => {
    const deal = await inSigning();
    expect((await signAs(sender, deal.id)).statusCode).toBe(200);

    const response = await decline(receiver, deal.id, `  ${REASON}  `);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      declined: { by: nameOf(receiver), party: 'receiver', reason: REASON },
      canOpenDeal: true,
    });

    const row = await dealRow(deal.id);
    expect(row).toMatchObject({ state: 'negotiate', process: 'negotiate', contentSha256: null });
    expect(row?.declined).toMatchObject({ by: nameOf(receiver), reason: REASON });
    expect(
      await t.database.db.select().from(dealSigners).where(eq(dealSigners.dealId, deal.id)),
    ).toEqual([]);

    // The signature given stays in the trail: signed, then voided by the decline.
    const events = await eventsOf(deal.id);
    const names = events.map((event) => event.event);
    expect(names.slice(-3)).toEqual(['document-sign', 'signature-voided', 'signing-declined']);
    expect(events.at(-2)?.data).toMatchObject({
      name: nameOf(sender),
      signatureText: 'Signed',
      actorParty: 'sender',
    });
    expect(events.at(-1)?.data).toMatchObject({ reason: REASON, actorParty: 'receiver' });
    expect(
      await verifyEventChain(t.database.db, { collection: 'deals', documentId: deal.id }),
    ).toMatchObject({ isValid: true });

    // Both sides see it: the signing view, the editor and the list card carry the decline.
    const view = await signingView(sender, deal.id);
    expect(view).toMatchObject({
      state: 'negotiate',
      canDecline: false,
      declined: { by: nameOf(receiver), party: 'receiver', reason: REASON },
    });
    expect(view.events.map((event) => event.event)).toContain('signature-voided');
    const detail = (await api('GET', `/deals/${deal.id}`, sender)).json() as DealDetail;
    expect(detail.declined?.reason).toBe(REASON);
    const list = (await api('GET', '/deals?group=negotiate&pageSize=50', sender)).json() as {
      deals: DealCard[];
    };
    expect(list.deals.find((card) => card.id === deal.id)?.declined?.by).toBe(nameOf(receiver));
  });

  it('tells the other party by bell, mail and the feed, never the one who declined', async () => {
    const deal = await inSigning();
    expect((await decline(receiver, deal.id)).statusCode).toBe(200);

    const told = await t.database.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(
        and(eq(notifications.documentId, deal.id), eq(notifications.event, 'signing-declined')),
      );
    expect(told.map((row) => row.userId)).toEqual([sender.id]);

    const mail = await waitForMail(t.app, sender.email, /declined to sign/);
    expect(mail.text).toContain(REASON);
    expect(mail.text).toContain('Beta Ab');

    const feed = (await api('GET', '/dashboard/changes', sender)).json() as {
      items: { event: string; documentId: string }[];
    };
    expect(
      feed.items.some((item) => item.documentId === deal.id && item.event === 'signing-declined'),
    ).toBe(true);
  });

  it('starts again as before, and the decline is gone once signing restarts', async () => {
    const deal = await inSigning();
    expect((await decline(sender, deal.id)).statusCode).toBe(200);
    const restarted = await api('POST', `/deals/${deal.id}/start-signing`, sender, {
      signers: [signerInput(sender, 'sender', phones()[0])],
    });
    expect(restarted.statusCode, restarted.body).toBe(200);
    expect((restarted.json() as SigningView).declined).toBeNull();
    expect((await dealRow(deal.id))?.declined).toBeNull();
  });

  it('prints the voided signature and the decline with its reason on the sealed PDF’s audit page', async () => {
    const deal = await inSigning();
    expect((await signAs(sender, deal.id)).statusCode).toBe(200);
    expect((await decline(receiver, deal.id)).statusCode).toBe(200);
    const restarted = await api('POST', `/deals/${deal.id}/start-signing`, sender, {
      signers: [signerInput(sender, 'sender', phones()[0])],
    });
    expect(restarted.statusCode, restarted.body).toBe(200);
    const setup = await api('PUT', `/deals/${deal.id}/signers`, receiver, {
      signers: [signerInput(receiver, 'receiver', phones()[1])],
    });
    expect(setup.statusCode, setup.body).toBe(200);
    expect((await signAs(sender, deal.id)).statusCode).toBe(200);
    expect((await signAs(receiver, deal.id)).statusCode).toBe(200);

    await eventually(async () => {
      const [row] = await t.database.db
        .select({ state: signedPdfs.state })
        .from(signedPdfs)
        .where(eq(signedPdfs.dealId, deal.id));
      return row?.state === 'done' ? row : undefined;
    }, 60_000);
    const download = await api('GET', `/deals/${deal.id}/signed-pdf`, sender);
    expect(download.statusCode).toBe(200);
    expect(pdfsig(download.rawPayload)).toContain('Signature Validation: Signature is Valid.');
    const text = pdfText(download.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain(`Signature voided: ${nameOf(sender)}`);
    expect(text).toContain(
      `Declined to sign, back to negotiation — ${receiver.name}. Reason: ${REASON}`,
    );
  });

  it('lets a signer outside both parties decline; their slot and the deal go with it', async () => {
    const { deal } = await createDeal(t.database.db, {
      sender,
      receiver,
      state: 'negotiate',
      isAgreedByReceiver: true,
    });
    const started = await api('POST', `/deals/${deal.id}/start-signing`, sender, {
      signers: [signerInput(outsider, 'sender', phones()[0])],
    });
    expect(started.statusCode, started.body).toBe(200);
    expect((await signingView(outsider, deal.id)).canDecline).toBe(true);

    const response = await decline(outsider, deal.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      declined: { by: nameOf(outsider), party: 'sender' },
      canOpenDeal: false,
    });
    expect((await api('GET', `/deals/${deal.id}/signing`, outsider)).statusCode).toBe(404);
  });

  it('queues the deal.declined webhook with the reason for the workspace’s endpoint', async () => {
    const workspaceId = await createWorkspaceWith(t.database.db, [sender]);
    const deal = await inSigning();
    await t.database.db.update(deals).set({ workspaceId }).where(eq(deals.id, deal.id));
    const [endpoint] = await t.database.db
      .insert(webhookEndpoints)
      .values({
        workspaceId,
        url: 'https://crm.example.com/hooks',
        events: ['deal.declined'],
        secret: `whsec_${randomBytes(24).toString('base64')}`,
      })
      .returning();
    expect((await decline(receiver, deal.id)).statusCode).toBe(200);

    const [delivery] = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint?.id ?? ''));
    expect(delivery?.eventType).toBe('deal.declined');
    expect(JSON.parse(delivery?.payload ?? '{}')).toMatchObject({
      type: 'deal.declined',
      data: {
        dealId: deal.id,
        state: 'negotiate',
        declined: { by: nameOf(receiver), party: 'receiver', reason: REASON },
      },
    });
  });
});

describe('who may decline, and what is refused', () => {
  it('refuses a reader, a stranger and another workspace’s user, and lets an editor decline', async () => {
    const deal = await inSigning({
      others: [{ user: senderReader, party: 'sender', role: 'view' }],
    });
    expect((await signingView(senderReader, deal.id)).canDecline).toBe(false);
    expect((await decline(senderReader, deal.id)).statusCode).toBe(403);
    expect((await decline(stranger, deal.id)).statusCode).toBe(404);
    expect((await decline(otherWorkspaceUser, deal.id)).statusCode).toBe(404);
    expect((await dealRow(deal.id))?.state).toBe('in-signing');

    expect((await signingView(sender, deal.id)).canDecline).toBe(true);
    const response = await decline(sender, deal.id);
    expect(response.statusCode, response.body).toBe(200);
    // The sender is also their party's signer: the decline is theirs by that name.
    expect(response.json().declined).toMatchObject({ by: nameOf(sender), party: 'sender' });
  });

  it('asks for a reason of 10 to 1,000 characters, naming the field', async () => {
    const deal = await inSigning();
    const short = await decline(receiver, deal.id, '  too short ');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual({ reason: 'At least 10 characters required' });
    const long = await decline(receiver, deal.id, 'x'.repeat(1001));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ reason: 'Too much text. 1000 characters max.' });
    const missing = await api('POST', `/deals/${deal.id}/decline-signing`, receiver, {});
    expect(missing.statusCode).toBe(400);
    expect((await dealRow(deal.id))?.state).toBe('in-signing');
  });

  it('answers 409 once the deal is not in signing, and for a Send & Sign PDF', async () => {
    const { deal: negotiating } = await createDeal(t.database.db, {
      sender,
      receiver,
      state: 'negotiate',
    });
    const notSigning = await decline(sender, negotiating.id);
    expect(notSigning.statusCode).toBe(409);
    expect(notSigning.json().error.message).toBe('This document is not waiting for signatures.');

    const { deal: pdf } = await createDeal(t.database.db, {
      sender,
      receiver,
      state: 'in-signing',
      process: 'pdf',
    });
    const refused = await decline(sender, pdf.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('decline_not_available');
    expect((await signingView(sender, pdf.id)).canDecline).toBe(false);
  });

  it('answers 409 to the loser whichever comes first: the last signature or the decline', async () => {
    const signedFirst = await inSigning();
    expect((await signAs(sender, signedFirst.id)).statusCode).toBe(200);
    expect((await signAs(receiver, signedFirst.id)).statusCode).toBe(200);
    const late = await decline(receiver, signedFirst.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('deal_not_in_signing');

    const declinedFirst = await inSigning();
    const slot = (await signingView(receiver, declinedFirst.id)).signers.find((s) => s.canSign);
    expect((await decline(sender, declinedFirst.id)).statusCode).toBe(200);
    const lateSignature = await api(
      'POST',
      `/deals/${declinedFirst.id}/signers/${slot?.id}/sign`,
      receiver,
      signRequest('Signed'),
    );
    expect(lateSignature.statusCode).toBe(409);
    expect(lateSignature.json().error.message).toBe('This document is not waiting for signatures.');
  });

  it('lets exactly one of a decline and the last signature win, the chain intact', async () => {
    const deal = await inSigning();
    expect((await signAs(sender, deal.id)).statusCode).toBe(200);
    const [signed, declined] = await Promise.all([
      signAs(receiver, deal.id),
      decline(sender, deal.id),
    ]);
    const statuses = [signed.statusCode, declined.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const row = await dealRow(deal.id);
    expect(row?.state).toBe(signed.statusCode === 200 ? 'signed' : 'negotiate');
    const names = (await eventsOf(deal.id)).map((event) => event.event);
    expect(names.includes('signing-complete')).toBe(signed.statusCode === 200);
    expect(names.includes('signing-declined')).toBe(declined.statusCode === 200);
    expect(
      await verifyEventChain(t.database.db, { collection: 'deals', documentId: deal.id }),
    ).toMatchObject({ isValid: true });
  });
});
