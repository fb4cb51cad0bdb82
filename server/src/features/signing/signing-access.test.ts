import type { SigningView } from '@pactum/core/signing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealSigners, deals, signerCodes } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createDeal, createWorkspaceWith } from '../../test/deal-factory';
import { apiAs } from '../../test/drafts-factories';
import { createUser, type TestUser } from '../../test/factories';
import type { OutboxMessage } from '../../test/outbox';
import { signerInput, signRequest } from '../../test/signing-factories';

/*
 * Who reaches a deal's signing through a workspace: a member of the workspace the deal is
 * shared with sees it; a member of another workspace and a stranger are refused on every route.
 */

let t: TestApp;
let sender: TestUser;
let receiver: TestUser;
let memberA: TestUser;
let memberB: TestUser;
let stranger: TestUser;
let workspaceA: string;

beforeAll(async () => {
  t = await createTestApp();
  [sender, receiver, memberA, memberB, stranger] = await Promise.all([
    createUser(t.platform),
    createUser(t.platform),
    createUser(t.platform),
    createUser(t.platform),
    createUser(t.platform),
  ]);
  workspaceA = await createWorkspaceWith(t.database.db, [memberA]);
  // Workspace B is a real workspace with its own member, unrelated to the deal.
  await createWorkspaceWith(t.database.db, [memberB]);
});
afterAll(async () => {
  await t?.close();
});

const api = apiAs(() => t.app);

const signerOf = signerInput;

const signBody = signRequest('Not mine to sign');

describe('signing through a workspace share', () => {
  it('shows the deal to the shared workspace’s member and refuses another workspace and strangers', async () => {
    const { deal } = await createDeal(t.database.db, {
      sender,
      receiver,
      state: 'negotiate',
      workspaceAccess: { workspaceId: workspaceA, party: 'sender', role: 'view' },
      isAgreedByReceiver: true,
    });
    const base = `/deals/${deal.id}`;

    // Before signing: only start-signing and the setup can be tried.
    for (const user of [memberB, stranger]) {
      expect((await api('GET', `${base}/signing`, user)).statusCode).toBe(404);
      for (const party of ['sender', 'receiver'] as const) {
        const setup = { signers: [signerOf(user, party, '+358409100001')] };
        expect((await api('PUT', `${base}/signers`, user, setup)).statusCode).toBe(404);
        expect((await api('POST', `${base}/start-signing`, user, setup)).statusCode).toBe(404);
      }
    }
    const [untouched] = await t.database.db.select().from(deals).where(eq(deals.id, deal.id));
    expect(untouched?.state).toBe('negotiate');
    expect(
      await t.database.db.select().from(dealSigners).where(eq(dealSigners.dealId, deal.id)),
    ).toEqual([]);

    await api('POST', `${base}/start-signing`, sender, {
      signers: [signerOf(sender, 'sender', '+358409100002')],
      use2faInSigning: true,
    });
    await api('PUT', `${base}/signers`, receiver, {
      signers: [signerOf(receiver, 'receiver', '+358409100003')],
    });

    // Workspace A's member sees it as the workspace's party, read-only.
    const seen = await api('GET', `${base}/signing`, memberA);
    expect(seen.statusCode).toBe(200);
    const view = seen.json() as SigningView;
    expect(view).toMatchObject({
      role: 'view',
      myParty: 'sender',
      state: 'in-signing',
      canSetupSigners: false,
      canCancelSigning: false,
    });
    expect(view.signers).toHaveLength(2);
    expect(view.signers.some((signer) => signer.canSign)).toBe(false);
    expect(
      (
        await api('PUT', `${base}/signers`, memberA, {
          signers: [signerOf(memberA, 'sender', '+358409100004')],
        })
      ).statusCode,
    ).toBe(403);

    // Workspace B's member and a stranger: nothing, on every route, for every signer.
    for (const user of [memberB, stranger]) {
      expect((await api('GET', `${base}/signing`, user)).statusCode).toBe(404);
      const setup = { signers: [signerOf(user, 'sender', '+358409100005')] };
      expect((await api('PUT', `${base}/signers`, user, setup)).statusCode).toBe(404);
      expect((await api('POST', `${base}/start-signing`, user, setup)).statusCode).toBe(404);
      expect((await api('POST', `${base}/cancel-signing`, user)).statusCode).toBe(404);
      for (const signer of view.signers) {
        const url = `${base}/signers/${signer.id}`;
        expect((await api('POST', `${url}/code`, user)).statusCode).toBe(404);
        expect((await api('POST', `${url}/code/verify`, user, { code: '123456' })).statusCode).toBe(
          404,
        );
        expect((await api('POST', `${url}/sign`, user, signBody)).statusCode).toBe(404);
      }
    }

    // Nothing moved: no codes sent, no signature, the same signers.
    const signers = await t.database.db
      .select()
      .from(dealSigners)
      .where(eq(dealSigners.dealId, deal.id));
    expect(signers.map((signer) => signer.state)).toEqual(['new', 'new']);
    expect(signers.map((signer) => signer.email).sort()).toEqual(
      [sender.email, receiver.email].sort(),
    );
    for (const signer of signers) {
      const [code] = await t.database.db
        .select({ state: signerCodes.state })
        .from(signerCodes)
        .where(eq(signerCodes.signerId, signer.id));
      expect(code?.state).toBe('started');
    }
    const outbox = (
      await t.app.inject({ method: 'GET', url: '/dev/outbox.json' })
    ).json() as OutboxMessage[];
    expect(outbox.filter((message) => message.kind === 'sms')).toEqual([]);
  });
});
