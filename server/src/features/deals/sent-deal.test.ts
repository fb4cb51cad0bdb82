import type { DealDetail } from '@pactum/core/deals';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealInvites, deals } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { apiAs, sendFinished, sendNewDraft } from '../../test/drafts-factories';
import { createUsers, type TestUser } from '../../test/factories';

/*
 * The deal the send job makes is the deal negotiated here: sections in state sent by the
 * sender, subsections numbered under their parent, the receiver's access from the invite.
 */

let t: TestApp;
let sender: TestUser;
let receiver: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [sender, receiver] = await createUsers(t.platform, 2);
});
afterAll(() => t?.close());

const api = apiAs(() => t.app);

describe('a sent deal in negotiation', () => {
  it('opens for both parties and negotiates section by section', async () => {
    const { draft, sent } = await sendNewDraft(t.app, t.database.db, sender, [
      { name: 'Buyer Ab', emails: [receiver.email] },
    ]);
    expect(sent.statusCode).toBe(202);
    await sendFinished(t.database.db, draft.id, 20_000);
    const [deal] = await t.database.db.select().from(deals).where(eq(deals.draftId, draft.id));
    if (!deal) throw new Error('no deal');

    // The receiver has no access until the invite is claimed.
    expect((await api('GET', `/deals/${deal.id}`, receiver)).statusCode).toBe(404);
    const [invite] = await t.database.db
      .select()
      .from(dealInvites)
      .where(eq(dealInvites.dealId, deal.id));
    const claimed = await api('POST', `/invites/invite/${invite?.shortId}/claim`, receiver);
    expect(claimed.json()).toMatchObject({
      outcome: 'open',
      path: `/dashboard/documents/deals/${deal.id}`,
    });

    const asSender = (await api('GET', `/deals/${deal.id}`, sender)).json() as DealDetail;
    expect(asSender).toMatchObject({ myParty: 'sender', state: 'new', canEdit: true });
    expect(asSender.sections.map((s) => [s.type, s.number, s.title, s.state])).toEqual([
      ['parties', '', 'Parties', 'sent'],
      ['normal', '1', 'Delivery', 'sent'],
      ['normal', '1.1', 'Place', 'sent'],
      ['signers', '', 'Signers', 'sent'],
    ]);
    expect(asSender.counts.total).toBe(2);

    const asReceiver = (await api('GET', `/deals/${deal.id}`, receiver)).json() as DealDetail;
    expect(asReceiver).toMatchObject({ myParty: 'receiver', canTrash: false });
    const delivery = asReceiver.sections[1];
    expect(delivery).toMatchObject({ canAgree: true, html: '<p>Delivery in 60 days.</p>' });

    const countered = await api('PUT', `/deals/${deal.id}/sections/${delivery?.id}`, receiver, {
      title: 'Delivery',
      html: '<p>Delivery in 14 days.</p>',
      baseLogLength: delivery?.log.length,
    });
    expect(countered.statusCode).toBe(200);
    const place = asReceiver.sections[2];
    const agreed = await api('POST', `/deals/${deal.id}/sections/${place?.id}/agree`, receiver, {
      baseLogLength: 1,
    });
    expect(agreed.statusCode).toBe(200);

    // A subsection added under Delivery is numbered under it, before the signers.
    const added = await api('POST', `/deals/${deal.id}/sections`, receiver, {
      parentId: delivery?.id,
      title: 'Packaging',
    });
    expect(added.statusCode).toBe(201);

    const after = (await api('GET', `/deals/${deal.id}`, sender)).json() as DealDetail;
    expect(after.sections.map((s) => [s.number, s.title, s.state])).toEqual([
      ['', 'Parties', 'sent'],
      ['1', 'Delivery', 'countered'],
      ['1.1', 'Place', 'agreed'],
      ['1.2', 'Packaging', 'countered'],
      ['', 'Signers', 'sent'],
    ]);
    expect(after).toMatchObject({
      state: 'negotiate',
      counts: { agreed: 1, editedByOther: 2, total: 3 },
      negotiationStats: { approved: 1, open: 2 },
      progress: 33,
    });
    const list = (await api('GET', '/deals?group=negotiate', receiver)).json();
    expect(list.deals).toMatchObject([
      { id: deal.id, myParty: 'receiver', receiverName: 'Buyer Ab' },
    ]);
    const events = (await api('GET', `/deals/${deal.id}/events`, receiver)).json().events;
    expect(events.map((e: { event: string }) => e.event)).toEqual([
      'section-create',
      'section-agree',
      'section-edit',
      'document-create',
    ]);
  });
});
