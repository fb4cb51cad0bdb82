import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealInvites, dealSigners, type deals, documentAccess, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { insertDeal } from '../../test/deal-factory';
import { createUser, createUsers, type TestUser } from '../../test/factories';
import { newLinkId } from './link-id';

let t: TestApp;
let sender: TestUser;
let receiver: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp({ isWorker: false });
  [sender, receiver, stranger] = await createUsers(t.platform, 3);
});
afterAll(() => t?.close());

const createDeal = (state?: (typeof deals.$inferInsert)['state']) =>
  insertDeal(t.database.db, {
    sentBy: sender.id,
    title: 'Supply agreement',
    ...(state ? { state } : {}),
  });

async function createInvite(overrides: Partial<typeof dealInvites.$inferInsert> = {}) {
  const deal = await createDeal();
  const [invite] = await t.database.db
    .insert(dealInvites)
    .values({ shortId: newLinkId(), dealId: deal.id, email: receiver.email, ...overrides })
    .returning();
  if (!invite) throw new Error('no invite');
  return invite;
}

const resolve = (kind: 'invite' | 'sign', id: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/invites/${kind}/${id}`,
    headers: cookie ? { cookie } : {},
  });

const claim = (kind: 'invite' | 'sign', id: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/invites/${kind}/${id}/claim`,
    headers: { origin: t.platform.config.publicUrl, ...(cookie ? { cookie } : {}) },
  });

const inviteRow = async (id: string) =>
  (await t.database.db.select().from(dealInvites).where(eq(dealInvites.id, id)))[0];

const receiverAccess = (dealId: string) =>
  t.database.db
    .select({ userId: documentAccess.userId, role: documentAccess.role })
    .from(documentAccess)
    .where(
      and(
        eq(documentAccess.collection, 'deals'),
        eq(documentAccess.documentId, dealId),
        eq(documentAccess.party, 'receiver'),
      ),
    );

describe('invite links', () => {
  it('have at least 128 bits of randomness', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newLinkId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(Buffer.from(id, 'base64url').length).toBe(16);
  });

  it('answers an unknown link with Invite not found', async () => {
    const response = await resolve('invite', newLinkId());
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toEqual({
      code: 'invite_not_found',
      message: 'Invite not found',
      params: {},
    });
  });

  it('asks a visitor to register for an unclaimed invite, and marks it clicked', async () => {
    const invite = await createInvite();
    const response = await resolve('invite', invite.shortId);
    expect(response.json()).toEqual({ outcome: 'register', email: receiver.email });
    const [row] = await t.database.db
      .select()
      .from(dealInvites)
      .where(eq(dealInvites.id, invite.id));
    expect(row?.mailStatus).toBe('clicked');
  });

  it('asks a visitor to log in when the invite already has a user', async () => {
    const invite = await createInvite({ userId: receiver.id });
    expect((await resolve('invite', invite.shortId)).json()).toEqual({
      outcome: 'login',
      email: receiver.email,
    });
  });

  it('opens the document for the invite’s own user', async () => {
    const invite = await createInvite({ userId: receiver.id });
    expect((await resolve('invite', invite.shortId, receiver.cookie)).json()).toEqual({
      outcome: 'open',
      path: `/dashboard/documents/deals/${invite.dealId}`,
    });
  });

  it('claims nothing on GET: the user confirms, then the POST claims, and no one after', async () => {
    const invite = await createInvite();
    const offered = await resolve('invite', invite.shortId, receiver.cookie);
    expect(offered.json()).toEqual({
      outcome: 'claim',
      title: 'Supply agreement',
      senderName: 'Seller Oy',
    });
    const before = await inviteRow(invite.id);
    expect(before?.userId).toBeNull();
    expect(await receiverAccess(invite.dealId)).toEqual([]);

    const claimed = await claim('invite', invite.shortId, receiver.cookie);
    expect(claimed.json()).toEqual({
      outcome: 'open',
      path: `/dashboard/documents/deals/${invite.dealId}`,
    });
    expect((await inviteRow(invite.id))?.userId).toBe(receiver.id);
    expect(await receiverAccess(invite.dealId)).toEqual([{ userId: receiver.id, role: 'edit' }]);

    const other = await claim('invite', invite.shortId, stranger.cookie);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toBe('This invite has already been used.');
    expect((await resolve('invite', invite.shortId, stranger.cookie)).statusCode).toBe(409);
  });

  it('claims only by POST from our own origin, and only when signed in', async () => {
    const invite = await createInvite();
    const crossSite = await t.app.inject({
      method: 'POST',
      url: `/api/v1/invites/invite/${invite.shortId}/claim`,
      headers: { cookie: receiver.cookie, origin: 'https://attacker.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    const signedOut = await t.app.inject({
      method: 'POST',
      url: `/api/v1/invites/invite/${invite.shortId}/claim`,
      headers: { origin: t.platform.config.publicUrl },
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await inviteRow(invite.id))?.userId).toBeNull();
  });

  it('never lets someone of the sender’s side claim the receiver’s invite', async () => {
    const invite = await createInvite();
    await t.database.db.insert(documentAccess).values({
      collection: 'deals',
      documentId: invite.dealId,
      userId: sender.id,
      role: 'edit',
      party: 'sender',
    });
    for (const attempt of [resolve, claim]) {
      const refused = await attempt('invite', invite.shortId, sender.cookie);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('invite_other_party');
    }
    expect((await inviteRow(invite.id))?.userId).toBeNull();
  });

  it('once the receiver joined, an open invite is only for its own verified address', async () => {
    const invite = await createInvite();
    const [second] = await t.database.db
      .insert(dealInvites)
      .values({ shortId: newLinkId(), dealId: invite.dealId, email: 'colleague@buyer.test' })
      .returning();
    expect((await claim('invite', invite.shortId, receiver.cookie)).statusCode).toBe(200);
    // The sender (who sees every invite link) or anyone they forward it to cannot use the
    // second invite to join the receiver's side and read its internal comments.
    const outsider = await createUser(t.platform, { emailVerified: false });
    for (const user of [stranger, outsider]) {
      const refused = await claim('invite', second?.shortId ?? '', user.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('invite_wrong_account');
    }
    const unverified = await createUser(t.platform, {
      email: 'colleague@buyer.test',
      emailVerified: false,
    });
    expect((await claim('invite', second?.shortId ?? '', unverified.cookie)).statusCode).toBe(403);
    await t.database.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.id, unverified.id));
    const verified = await claim('invite', second?.shortId ?? '', unverified.cookie);
    expect(verified.json()).toMatchObject({ outcome: 'open' });
    expect(await receiverAccess(invite.dealId)).toHaveLength(2);
  });

  it('refuses a withdrawn invite and one whose deal is in the trash', async () => {
    const withdrawn = await createInvite({ revokedAt: new Date() });
    const response = await resolve('invite', withdrawn.shortId, receiver.cookie);
    expect(response.statusCode).toBe(410);
    expect(response.json().error.message).toBe('This invite link is no longer valid');

    const trashedDeal = await createDeal('trash');
    const [inTrash] = await t.database.db
      .insert(dealInvites)
      .values({ shortId: newLinkId(), dealId: trashedDeal.id, email: receiver.email })
      .returning();
    expect((await resolve('invite', inTrash?.shortId ?? '')).statusCode).toBe(410);
  });
});

describe('the invite waiting on a deal (GET /deals/:id/my-invite)', () => {
  const myInvite = (dealId: string, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/deals/${dealId}/my-invite`,
      headers: cookie ? { cookie } : {},
    });

  it('leads the invited address’s account to its invite, and no one else anywhere', async () => {
    const invite = await createInvite();
    const mine = await myInvite(invite.dealId, receiver.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ outcome: 'open', path: `/document/invite/${invite.shortId}` });
    // Asking claims nothing.
    expect((await inviteRow(invite.id))?.userId).toBeNull();
    // A stranger, the sender and a visitor learn nothing of the link.
    expect((await myInvite(invite.dealId, stranger.cookie)).statusCode).toBe(404);
    expect((await myInvite(invite.dealId, sender.cookie)).statusCode).toBe(404);
    expect((await myInvite(invite.dealId)).statusCode).toBe(401);
  });

  it('offers nothing for an unverified address, a claimed, withdrawn or trashed invite', async () => {
    const unverified = await createUser(t.platform, { emailVerified: false });
    const forUnverified = await createInvite({ email: unverified.email });
    expect((await myInvite(forUnverified.dealId, unverified.cookie)).statusCode).toBe(404);

    const claimed = await createInvite({ userId: stranger.id });
    expect((await myInvite(claimed.dealId, receiver.cookie)).statusCode).toBe(404);
    const withdrawn = await createInvite({ revokedAt: new Date() });
    expect((await myInvite(withdrawn.dealId, receiver.cookie)).statusCode).toBe(404);
    const trashedDeal = await createDeal('trash');
    await t.database.db
      .insert(dealInvites)
      .values({ shortId: newLinkId(), dealId: trashedDeal.id, email: receiver.email });
    expect((await myInvite(trashedDeal.id, receiver.cookie)).statusCode).toBe(404);
  });
});

describe('signing links', () => {
  async function createSigner(overrides: Partial<typeof dealSigners.$inferInsert> = {}) {
    const deal = await createDeal('in-signing');
    const [signer] = await t.database.db
      .insert(dealSigners)
      .values({
        shortId: newLinkId(),
        dealId: deal.id,
        party: 'receiver',
        firstname: 'Sam',
        lastname: 'Signer',
        email: receiver.email,
        ...overrides,
      })
      .returning();
    if (!signer) throw new Error('no signer');
    return signer;
  }

  it('resolves every branch the same way as invites; claimed only by the signer’s address', async () => {
    const signer = await createSigner();
    expect((await resolve('sign', signer.shortId)).json()).toEqual({
      outcome: 'register',
      email: receiver.email,
    });
    expect((await resolve('sign', signer.shortId, receiver.cookie)).json()).toMatchObject({
      outcome: 'claim',
    });
    expect((await claim('sign', signer.shortId, receiver.cookie)).json()).toMatchObject({
      outcome: 'open',
      path: `/dashboard/documents/deals/${signer.dealId}/sign`,
    });
    expect((await resolve('sign', signer.shortId)).json()).toMatchObject({ outcome: 'login' });
    expect((await resolve('sign', signer.shortId, stranger.cookie)).statusCode).toBe(409);
    const [row] = await t.database.db
      .select()
      .from(dealSigners)
      .where(eq(dealSigners.id, signer.id));
    expect(row).toMatchObject({ userId: receiver.id, mailStatus: 'clicked' });
    expect((await resolve('sign', newLinkId())).statusCode).toBe(404);

    // Another account cannot take a signer's link nobody claimed yet.
    const open = await createSigner();
    const refused = await claim('sign', open.shortId, stranger.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      'This link was sent to another email address. Sign in with the address it was sent to.',
    );
  });
});
