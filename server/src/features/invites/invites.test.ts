import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealInvites, dealSigners, type deals } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { insertDeal } from '../../test/deal-factory';
import { createUsers, type TestUser } from '../../test/factories';
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

  it('lets the first signed-in user claim an unclaimed invite, and no one after', async () => {
    const invite = await createInvite();
    const claimed = await resolve('invite', invite.shortId, receiver.cookie);
    expect(claimed.json()).toEqual({
      outcome: 'open',
      path: `/dashboard/documents/deals/${invite.dealId}`,
    });
    const [row] = await t.database.db
      .select()
      .from(dealInvites)
      .where(eq(dealInvites.id, invite.id));
    expect(row?.userId).toBe(receiver.id);

    const other = await resolve('invite', invite.shortId, stranger.cookie);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toBe('This invite has already been used.');
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

  it('resolves every branch the same way as invites', async () => {
    const signer = await createSigner();
    expect((await resolve('sign', signer.shortId)).json()).toEqual({
      outcome: 'register',
      email: receiver.email,
    });
    expect((await resolve('sign', signer.shortId, receiver.cookie)).json()).toMatchObject({
      outcome: 'open',
    });
    expect((await resolve('sign', signer.shortId)).json()).toMatchObject({ outcome: 'login' });
    expect((await resolve('sign', signer.shortId, stranger.cookie)).statusCode).toBe(409);
    const [row] = await t.database.db
      .select()
      .from(dealSigners)
      .where(eq(dealSigners.id, signer.id));
    expect(row).toMatchObject({ userId: receiver.id, mailStatus: 'clicked' });
    expect((await resolve('sign', newLinkId())).statusCode).toBe(404);
  });
});
