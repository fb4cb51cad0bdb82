import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealInvites, dealSigners, deals, documentAccess } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createDeal } from '../../test/deal-factory';
import { apiAs } from '../../test/drafts-factories';
import { createUser, createUsers, type TestUser } from '../../test/factories';
import { signerInput, signRequest } from '../../test/signing-factories';
import { newLinkId } from '../invites/link-id';

/*
 * Issue 22: the parties of a deal must not act on each other's side. Every route that changes a
 * deal's access, invites, party details or signers is listed here with the party and role that
 * may call it, and each is called by the wrong party (and by a viewer of the right party, a
 * stranger and a user of another workspace): refused, and nothing of the deal changes.
 */

let t: TestApp;
const api = apiAs(() => t.app);

type Cast = {
  sender: TestUser;
  senderViewer: TestUser;
  receiver: TestUser;
  receiverViewer: TestUser;
  stranger: TestUser;
  otherWorkspaceUser: TestUser;
};
let cast: Cast;
let dealId: string;
let inviteId: string;
let inviteLink: string;
let senderSignerId: string;
let receiverSignerId: string;
/** The access row id of each cast member on the deal. */
const accessOf: Record<string, string> = {};

type Who = 'sender' | 'receiver' | 'either party' | 'the named signer' | 'not the sender side';
type Caller = keyof Cast;
type WrongCall = { as: Caller; status: number; body?: unknown; url?: string };
type PartyRoute = {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As the OpenAPI document names it. */
  path: string;
  who: Who;
  role: 'edit' | 'signer' | 'any';
  /** The deal's state for the calls, so a refusal is for the caller and not for the state. */
  dealState?: 'negotiate' | 'in-signing';
  url: () => string;
  body?: () => unknown;
  wrong: () => WrongCall[];
};

const outsiders = (): WrongCall[] => [
  { as: 'stranger', status: 404 },
  { as: 'otherWorkspaceUser', status: 404 },
];

const newParty = { type: 'business', name: 'Hijacked Oy', vat: 'FI0000000' };

/** The route table: which party and role may call each route that changes a deal's sides. */
const routes: PartyRoute[] = [
  {
    method: 'POST',
    path: '/api/v1/deals/{documentId}/access',
    who: 'either party',
    role: 'edit',
    url: () => `/deals/${dealId}/access`,
    body: () => ({ emails: ['new-member@pactum.test'], role: 'edit' }),
    wrong: () => [
      // Naming someone of the other side puts nobody on one's own side and changes no role.
      {
        as: 'receiver',
        status: 409,
        body: { emails: [cast.sender.email, cast.senderViewer.email], role: 'view' },
      },
      { as: 'sender', status: 409, body: { emails: [cast.receiver.email], role: 'view' } },
      { as: 'receiverViewer', status: 403 },
      { as: 'senderViewer', status: 403 },
      ...outsiders(),
    ],
  },
  {
    method: 'PATCH',
    path: '/api/v1/deals/{documentId}/access/{accessId}',
    who: 'either party',
    role: 'edit',
    url: () => `/deals/${dealId}/access/${accessOf.sender}`,
    body: () => ({ role: 'view' }),
    wrong: () => [
      { as: 'receiver', status: 404 },
      {
        as: 'sender',
        status: 404,
        url: `/deals/${dealId}/access/${accessOf.receiver}`,
      },
      { as: 'senderViewer', status: 403 },
      ...outsiders(),
    ],
  },
  {
    method: 'DELETE',
    path: '/api/v1/deals/{documentId}/access/{accessId}',
    who: 'either party',
    role: 'edit',
    url: () => `/deals/${dealId}/access/${accessOf.senderViewer}`,
    wrong: () => [
      { as: 'receiver', status: 404 },
      {
        as: 'sender',
        status: 404,
        url: `/deals/${dealId}/access/${accessOf.receiverViewer}`,
      },
      { as: 'senderViewer', status: 403 },
      ...outsiders(),
    ],
  },
  {
    method: 'POST',
    path: '/api/v1/deals/{dealId}/invites',
    who: 'sender',
    role: 'edit',
    url: () => `/deals/${dealId}/invites`,
    body: () => ({ emails: ['joiner@pactum.test'] }),
    wrong: () => [
      { as: 'receiver', status: 403 },
      { as: 'senderViewer', status: 403 },
      // The receiver has joined: not even the sender adds people to their side.
      { as: 'sender', status: 409 },
      ...outsiders(),
    ],
  },
  {
    method: 'POST',
    path: '/api/v1/invites/{inviteId}/resend',
    who: 'sender',
    role: 'edit',
    url: () => `/invites/${inviteId}/resend`,
    wrong: () => [
      { as: 'receiver', status: 403 },
      { as: 'senderViewer', status: 403 },
      ...outsiders(),
    ],
  },
  {
    method: 'DELETE',
    path: '/api/v1/invites/{inviteId}',
    who: 'sender',
    role: 'edit',
    url: () => `/invites/${inviteId}`,
    wrong: () => [
      { as: 'receiver', status: 403 },
      { as: 'senderViewer', status: 403 },
      ...outsiders(),
    ],
  },
  {
    method: 'POST',
    path: '/api/v1/invites/{kind}/{linkId}/claim',
    who: 'not the sender side',
    role: 'any',
    url: () => `/invites/invite/${inviteLink}/claim`,
    wrong: () => [
      { as: 'sender', status: 409 },
      { as: 'senderViewer', status: 409 },
      // The receiver's side is established: the link is only for its own verified address.
      { as: 'stranger', status: 403 },
      { as: 'otherWorkspaceUser', status: 403 },
    ],
  },
  {
    method: 'POST',
    path: '/api/v1/deals/{dealId}/receiver-details',
    who: 'receiver',
    role: 'edit',
    url: () => `/deals/${dealId}/receiver-details`,
    body: () => ({ party: newParty }),
    wrong: () => [
      { as: 'sender', status: 403 },
      { as: 'receiverViewer', status: 403 },
      ...outsiders(),
    ],
  },
  {
    method: 'PATCH',
    path: '/api/v1/deals/{dealId}',
    who: 'sender',
    role: 'edit',
    url: () => `/deals/${dealId}`,
    body: () => ({ title: 'Hijacked title' }),
    wrong: () => [
      { as: 'receiver', status: 403 },
      { as: 'senderViewer', status: 403 },
      // The receiver confirmed their details: the sender cannot rewrite them.
      {
        as: 'sender',
        status: 403,
        body: { parties: { sender: { type: 'business', name: 'Seller Oy' }, receiver: newParty } },
      },
      ...outsiders(),
    ],
  },
  {
    method: 'PUT',
    path: '/api/v1/deals/{dealId}/signers',
    who: 'either party',
    role: 'edit',
    url: () => `/deals/${dealId}/signers`,
    body: () => ({ signers: [signerInput(cast.receiver, 'receiver', '+358401110001')] }),
    wrong: () => [
      // Each party names its own signers only.
      {
        as: 'receiver',
        status: 403,
        body: { signers: [signerInput(cast.receiver, 'sender', '+358401110002')] },
      },
      {
        as: 'sender',
        status: 403,
        body: { signers: [signerInput(cast.sender, 'receiver', '+358401110003')] },
      },
      { as: 'receiverViewer', status: 403 },
      ...outsiders(),
    ],
  },
  {
    method: 'POST',
    path: '/api/v1/deals/{dealId}/start-signing',
    who: 'either party',
    role: 'edit',
    url: () => `/deals/${dealId}/start-signing`,
    body: () => ({ signers: [signerInput(cast.receiver, 'receiver', '+358401110004')] }),
    wrong: () => [
      {
        as: 'receiver',
        status: 403,
        body: { signers: [signerInput(cast.receiver, 'sender', '+358401110005')] },
      },
      { as: 'receiverViewer', status: 403 },
      { as: 'senderViewer', status: 403 },
      ...outsiders(),
    ],
  },
  {
    method: 'POST',
    path: '/api/v1/deals/{dealId}/cancel-signing',
    dealState: 'in-signing',
    who: 'either party',
    role: 'edit',
    url: () => `/deals/${dealId}/cancel-signing`,
    wrong: () => [
      { as: 'receiverViewer', status: 403 },
      { as: 'senderViewer', status: 403 },
      ...outsiders(),
    ],
  },
  {
    method: 'POST',
    path: '/api/v1/deals/{dealId}/decline-signing',
    dealState: 'in-signing',
    who: 'either party',
    role: 'edit',
    url: () => `/deals/${dealId}/decline-signing`,
    body: () => ({ reason: 'A reason long enough to be read.' }),
    wrong: () => [
      { as: 'receiverViewer', status: 403 },
      { as: 'senderViewer', status: 403 },
      ...outsiders(),
    ],
  },
  {
    method: 'POST',
    path: '/api/v1/deals/{dealId}/withdraw-signing',
    dealState: 'in-signing',
    who: 'sender',
    role: 'edit',
    url: () => `/deals/${dealId}/withdraw-signing`,
    body: () => ({ reason: 'A reason long enough to be read.', moveTo: 'negotiation' }),
    wrong: () => [
      { as: 'receiver', status: 403 },
      { as: 'receiverViewer', status: 403 },
      { as: 'senderViewer', status: 403 },
      ...outsiders(),
    ],
  },
  {
    method: 'PUT',
    path: '/api/v1/deals/{dealId}/signers/{signerId}',
    dealState: 'in-signing',
    who: 'receiver',
    role: 'edit',
    url: () => `/deals/${dealId}/signers/${receiverSignerId}`,
    body: () => ({
      firstname: 'Hijack',
      lastname: 'Signer',
      email: 'hijack@pactum.test',
      phone: '+358401110009',
      reason: 'A reason long enough to be read.',
    }),
    wrong: () => [
      { as: 'sender', status: 403 },
      { as: 'receiverViewer', status: 403 },
      { as: 'senderViewer', status: 403 },
      ...outsiders(),
    ],
  },
  {
    method: 'POST',
    path: '/api/v1/deals/{dealId}/signers/{signerId}/remind',
    dealState: 'in-signing',
    who: 'sender',
    role: 'edit',
    url: () => `/deals/${dealId}/signers/${receiverSignerId}/remind`,
    wrong: () => [
      { as: 'receiver', status: 403 },
      { as: 'receiverViewer', status: 403 },
      { as: 'senderViewer', status: 403 },
      ...outsiders(),
    ],
  },
  {
    method: 'POST',
    path: '/api/v1/deals/{dealId}/signers/{signerId}/code',
    dealState: 'in-signing',
    who: 'the named signer',
    role: 'signer',
    url: () => `/deals/${dealId}/signers/${senderSignerId}/code`,
    wrong: () => [
      { as: 'receiver', status: 403 },
      {
        as: 'sender',
        status: 403,
        url: `/deals/${dealId}/signers/${receiverSignerId}/code`,
      },
      ...outsiders(),
    ],
  },
  {
    method: 'POST',
    path: '/api/v1/deals/{dealId}/signers/{signerId}/code/verify',
    dealState: 'in-signing',
    who: 'the named signer',
    role: 'signer',
    url: () => `/deals/${dealId}/signers/${senderSignerId}/code/verify`,
    body: () => ({ code: '123456' }),
    wrong: () => [{ as: 'receiver', status: 403 }, ...outsiders()],
  },
  {
    method: 'POST',
    path: '/api/v1/deals/{dealId}/signers/{signerId}/sign',
    dealState: 'in-signing',
    who: 'the named signer',
    role: 'signer',
    url: () => `/deals/${dealId}/signers/${senderSignerId}/sign`,
    body: () => signRequest('Not mine'),
    wrong: () => [
      { as: 'receiver', status: 403 },
      {
        as: 'sender',
        status: 403,
        url: `/deals/${dealId}/signers/${receiverSignerId}/sign`,
      },
      ...outsiders(),
    ],
  },
];

/** Everything of the deal that a wrong call could change. */
async function snapshot() {
  const db = t.database.db;
  const [deal] = await db.select().from(deals).where(eq(deals.id, dealId));
  return {
    deal: deal && {
      title: deal.title,
      parties: deal.parties,
      state: deal.state,
      receiverValidated: deal.receiverValidated,
    },
    access: await db
      .select({
        id: documentAccess.id,
        userId: documentAccess.userId,
        email: documentAccess.email,
        role: documentAccess.role,
        party: documentAccess.party,
      })
      .from(documentAccess)
      .where(eq(documentAccess.documentId, dealId))
      .orderBy(asc(documentAccess.id)),
    invites: await db
      .select({
        id: dealInvites.id,
        email: dealInvites.email,
        userId: dealInvites.userId,
        revokedAt: dealInvites.revokedAt,
      })
      .from(dealInvites)
      .where(eq(dealInvites.dealId, dealId))
      .orderBy(asc(dealInvites.id)),
    signers: await db
      .select({
        id: dealSigners.id,
        email: dealSigners.email,
        party: dealSigners.party,
        userId: dealSigners.userId,
        signedAt: dealSigners.signedAt,
      })
      .from(dealSigners)
      .where(eq(dealSigners.dealId, dealId))
      .orderBy(asc(dealSigners.id)),
  };
}

beforeAll(async () => {
  t = await createTestApp({ isWorker: false });
  const [sender, senderViewer, receiver, receiverViewer, stranger] = await createUsers(
    t.platform,
    5,
  );
  const otherWorkspaceUser = await createUser(t.platform);
  cast = { sender, senderViewer, receiver, receiverViewer, stranger, otherWorkspaceUser };
  const { deal } = await createDeal(t.database.db, {
    sender,
    receiver,
    state: 'in-signing',
    parties: {
      sender: { type: 'business', name: 'Seller Oy' },
      receiver: { type: 'business', name: 'Buyer Ab', vat: 'SE1' },
    },
    others: [
      { user: senderViewer, party: 'sender', role: 'view' },
      { user: receiverViewer, party: 'receiver', role: 'view' },
    ],
  });
  dealId = deal.id;
  await t.database.db.update(deals).set({ receiverValidated: true }).where(eq(deals.id, dealId));
  const rows = await t.database.db
    .select({ id: documentAccess.id, userId: documentAccess.userId })
    .from(documentAccess)
    .where(eq(documentAccess.documentId, dealId));
  for (const [name, user] of Object.entries(cast)) {
    const row = rows.find((candidate) => candidate.userId === user.id);
    if (row) accessOf[name] = row.id;
  }
  // The receiver joined through the first invite; a second one is still open.
  inviteLink = newLinkId();
  const invites = await t.database.db
    .insert(dealInvites)
    .values([
      { shortId: newLinkId(), dealId, email: receiver.email, userId: receiver.id },
      { shortId: inviteLink, dealId, email: 'colleague@buyer.test' },
    ])
    .returning();
  inviteId = invites[1]?.id ?? '';
  const signers = await t.database.db
    .insert(dealSigners)
    .values([
      {
        shortId: newLinkId(),
        dealId,
        party: 'sender',
        firstname: 'Sam',
        lastname: 'Sender',
        email: sender.email,
        userId: sender.id,
      },
      {
        shortId: newLinkId(),
        dealId,
        party: 'receiver',
        firstname: 'Rita',
        lastname: 'Receiver',
        email: receiver.email,
        userId: receiver.id,
      },
    ])
    .returning();
  senderSignerId = signers[0]?.id ?? '';
  receiverSignerId = signers[1]?.id ?? '';
});
afterAll(() => t?.close());

/** Which routes the table must cover: every change to a deal's sides, its invites or signers. */
const isPartyRoute = (method: string, path: string) =>
  method !== 'get' &&
  (/^\/api\/v1\/deals\/\{[a-zA-Z]+\}(\/(access|invites|receiver-details|signers|start-signing|cancel-signing|decline-signing|withdraw-signing)(\/.*)?)?$/.test(
    path,
  ) ||
    path.startsWith('/api/v1/invites/'));

describe('routes that change a deal’s sides', () => {
  it('the table names every such route of the API', async () => {
    const spec = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const found = Object.entries(spec.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method, path })))
      .filter(({ method, path }) => isPartyRoute(method, path))
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`)
      .sort();
    expect(found).toEqual(routes.map((route) => `${route.method} ${route.path}`).sort());
  });

  for (const route of routes) {
    it(`${route.method} ${route.path}: only ${route.who} (${route.role}); others are refused`, async () => {
      await t.database.db
        .update(deals)
        .set({ state: route.dealState ?? 'negotiate' })
        .where(eq(deals.id, dealId));
      const before = await snapshot();
      for (const call of route.wrong()) {
        const response = await api(
          route.method,
          call.url ?? route.url(),
          cast[call.as],
          call.body ?? route.body?.(),
        );
        expect({ as: call.as, status: response.statusCode }).toEqual({
          as: call.as,
          status: call.status,
        });
        expect(await snapshot()).toEqual(before);
      }
    });
  }
});
