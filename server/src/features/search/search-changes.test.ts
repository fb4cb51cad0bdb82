import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveItems, dealSigners } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createDeal, createWorkspaceWith } from '../../test/deal-factory';
import { apiAs } from '../../test/drafts-factories';
import { createUsers, type TestUser } from '../../test/factories';

/*
 * The index follows each change in the change's own transaction (issue 16): a section saved a
 * moment ago through the negotiation routes, a deal's settings, a party's signers, an archive
 * item renamed or deleted through the archive routes are found by their new words at once, and
 * no longer by their old ones.
 */

let t: TestApp;
const api = apiAs(() => t.app);
const db = () => t.database.db;

let sender: TestUser;
let receiver: TestUser;
let workspaceId: string;

beforeAll(async () => {
  t = await createTestApp({ isWorker: false });
  [sender, receiver] = await createUsers(t.platform, 2);
  workspaceId = await createWorkspaceWith(db(), [sender]);
});
afterAll(() => t?.close());

type Hit = { id: string; field: string; excerpt: { text: string; hit: boolean }[] };

async function hits(user: TestUser, q: string): Promise<Hit[]> {
  const response = await api('GET', `/search?q=${encodeURIComponent(q)}`, user);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: Hit[] }).items;
}
const idsOf = async (user: TestUser, q: string) => (await hits(user, q)).map((hit) => hit.id);

/** Both parties find the document by `q` (or, with `found` false, neither does). */
async function expectFound(q: string, id: string, found = true) {
  for (const user of [sender, receiver]) {
    expect(await idsOf(user, q), `${q} as ${user === sender ? 'sender' : 'receiver'}`).toEqual(
      found ? [id] : [],
    );
  }
}

describe('deals', () => {
  let dealId: string;
  let sectionUrl: string;

  beforeAll(async () => {
    const made = await createDeal(db(), {
      sender,
      receiver,
      title: 'Catering',
      sections: [{ title: 'Menu', html: '<p>Lunch is <b>gooseberry</b> pie.</p>' }],
    });
    dealId = made.deal.id;
    sectionUrl = `/deals/${dealId}/sections/${made.sections[1]?.id}`;
  });

  it('finds a section saved a moment ago by its new words, no longer by its old ones', async () => {
    await expectFound('gooseberry', dealId);
    expect((await api('POST', `${sectionUrl}/lock`, receiver)).statusCode).toBe(200);
    // Opening the editor changes no text: still found by the old words.
    await expectFound('gooseberry', dealId);
    const saved = await api('PUT', sectionUrl, receiver, {
      title: 'Dessert menu',
      html: '<p>Lunch is <em>huckleberry</em> &amp; cream.</p>',
      baseLogLength: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await expectFound('huckleberry', dealId);
    await expectFound('dessert', dealId);
    await expectFound('gooseberry', dealId, false);
    const [hit] = await hits(sender, 'huckleberry');
    expect(hit?.field).toBe('section');
    expect(hit?.excerpt.map((part) => part.text).join('')).toMatch(
      /^Dessert menu Lunch is huckleberry & cream\.?$/,
    );
    expect(hit?.excerpt.filter((part) => part.hit).map((part) => part.text)).toEqual([
      'huckleberry',
    ]);
  });

  it('finds a section added through the routes, and no longer once it is deleted', async () => {
    const created = await api('POST', `/deals/${dealId}/sections`, receiver, {
      title: 'Parking',
      html: '<p>Two spaces by the loading dock.</p>',
    });
    expect(created.statusCode, created.body).toBe(201);
    await expectFound('loading dock', dealId);
    const removed = await api(
      'DELETE',
      `/deals/${dealId}/sections/${created.json().section.id}`,
      receiver,
    );
    expect(removed.statusCode, removed.body).toBe(204);
    await expectFound('loading dock', dealId, false);
    await expectFound('parking', dealId, false);
  });

  it('finds a deal by the title and contract id its settings were given', async () => {
    const updated = await api('PATCH', `/deals/${dealId}`, sender, {
      title: 'Banquet services',
      contractUid: 'CAT-2031-77',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    await expectFound('banquet', dealId);
    await expectFound('CAT-2031-77', dealId);
    await expectFound('catering', dealId, false);
  });

  it('finds a signer named through the routes; a replaced or revoked one no longer', async () => {
    const setSigners = (lastname: string, email: string) =>
      api('PUT', `/deals/${dealId}/signers`, receiver, {
        signers: [
          { party: 'receiver', firstname: 'Helmi', lastname, email, phone: '+358401234567' },
        ],
      });
    expect((await setSigners('Nieminen', 'helmi.nieminen@example.test')).statusCode).toBe(200);
    await expectFound('Nieminen', dealId);
    expect((await setSigners('Salminen', 'helmi.salminen@example.test')).statusCode).toBe(200);
    await expectFound('Salminen', dealId);
    await expectFound('Nieminen', dealId, false);
    await expectFound('helmi.nieminen@example.test', dealId, false);
    await db()
      .update(dealSigners)
      .set({ revokedAt: new Date() })
      .where(and(eq(dealSigners.dealId, dealId), eq(dealSigners.lastname, 'Salminen')));
    await expectFound('Salminen', dealId, false);
    await expectFound('helmi.salminen@example.test', dealId, false);
  });
});

describe('archive', () => {
  let folderId: string;
  let fileId: string;
  let siblingId: string;

  const mine = (q: string) => idsOf(sender, q);

  beforeAll(async () => {
    const folder = await api('POST', '/archive/folders', sender, {
      name: 'tenders',
      workspaceId,
    });
    expect(folder.statusCode, folder.body).toBe(201);
    folderId = folder.json().id;
    const file = async (name: string) => {
      const [item] = await db()
        .insert(archiveItems)
        .values({
          type: 'file',
          name,
          workspaceId,
          scope: 'workspace',
          parentId: folderId,
          ancestorIds: [folderId],
        })
        .returning({ id: archiveItems.id });
      if (!item) throw new Error('no item');
      return item.id;
    };
    fileId = await file('lighthouse-bid.pdf');
    siblingId = await file('breakwater-bid.pdf');
  });

  it('finds a file and a folder renamed a moment ago by their new names only', async () => {
    expect(await mine('lighthouse')).toEqual([fileId]);
    const renamed = await api('PATCH', `/archive/items/${fileId}`, sender, {
      name: 'beacon-bid.pdf',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await mine('beacon')).toEqual([fileId]);
    expect(await mine('lighthouse')).toEqual([]);
    const folder = await api('PATCH', `/archive/folders/${folderId}`, sender, {
      name: 'procurement',
    });
    expect(folder.statusCode, folder.body).toBe(200);
    expect(await mine('procurement')).toEqual([folderId]);
    expect(await mine('tenders')).toEqual([]);
    // Search never answers another's item: the receiver is outside the workspace.
    expect(await idsOf(receiver, 'beacon')).toEqual([]);
  });

  it('finds a deleted file no longer, nor a deleted folder or anything below it', async () => {
    const deleted = await api('DELETE', `/archive/items/${fileId}`, sender);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await mine('beacon')).toEqual([]);
    expect(await mine('breakwater')).toEqual([siblingId]);
    expect((await api('DELETE', `/archive/items/${folderId}`, sender)).statusCode).toBe(200);
    expect(await mine('breakwater')).toEqual([]);
    expect(await mine('procurement')).toEqual([]);
  });
});
