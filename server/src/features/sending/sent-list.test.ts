import type { sentListSchema } from '@pactum/core/api/sending';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { documentAccess, drafts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { apiAs, createWorkspace } from '../../test/drafts-factories';
import { createUsers, type TestUser } from '../../test/factories';

/*
 * The sent list a page at a time (issue 20): newest send first with the id as tiebreak, no card
 * on two pages and none skipped, `hasMore` from one row past the page.
 */

type SentList = z.output<typeof sentListSchema>;

let t: TestApp;
let sender: TestUser;
let stranger: TestUser;
let otherWorkspaceUser: TestUser;
let sentIds: string[] = [];
const base = Date.parse('2026-03-01T00:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp({ isWorker: false });
  [sender, stranger, otherWorkspaceUser] = await createUsers(t.platform, 3);
  await createWorkspace(t.database.db, { memberIds: [otherWorkspaceUser.id] });
  const { db } = t.database;
  // Five sent drafts (two sent at the same moment), one unsent and one deleted: the list shows
  // the five.
  const minutes = [50, 40, 40, 20, 10, null, 45];
  const rows = await db
    .insert(drafts)
    .values(
      minutes.map((minute, index) => ({
        title: `Sent ${index}`,
        language: 'en',
        createdBy: sender.id,
        sentAt: minute === null ? null : new Date(base + minute * 60_000),
        ...(index === 6 ? { deletedAt: new Date(base) } : {}),
      })),
    )
    .returning({ id: drafts.id });
  await db.insert(documentAccess).values(
    rows.map((row) => ({
      collection: 'drafts' as const,
      documentId: row.id,
      userId: sender.id,
      email: sender.email,
      role: 'edit' as const,
      party: 'sender' as const,
      createdBy: sender.id,
    })),
  );
  sentIds = rows.slice(0, 5).map((row) => row.id);
});
afterAll(() => t?.close());

const api = apiAs(() => t.app);

async function listPage(user: TestUser, query: string): Promise<SentList> {
  const response = await api('GET', `/sent?${query}`, user);
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('paging the sent list', () => {
  it('pages the sent drafts newest send first, ties by id, with no repeats or gaps', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await listPage(sender, `page=${page}&pageSize=2`));
    expect(pages.map((page) => [page.page, page.drafts.length, page.hasMore])).toEqual([
      [1, 2, true],
      [2, 2, true],
      [3, 1, false],
    ]);
    const cards = pages.flatMap((page) => page.drafts);
    expect(new Set(cards.map((card) => card.id))).toEqual(new Set(sentIds));
    const expected = [...cards].sort(
      (a, b) => (b.sentAt ?? '').localeCompare(a.sentAt ?? '') || (a.id < b.id ? 1 : -1),
    );
    expect(cards.map((card) => card.id)).toEqual(expected.map((card) => card.id));
    expect(cards[0]).toMatchObject({ title: 'Sent 0', sentCount: 0, closedCount: 0 });
  });

  it('takes 24 a page unless asked; a full last page has no more after it', async () => {
    expect(await listPage(sender, '')).toMatchObject({ page: 1, pageSize: 24, hasMore: false });
    expect((await listPage(sender, 'pageSize=5')).hasMore).toBe(false);
    expect((await listPage(sender, 'pageSize=4')).hasMore).toBe(true);
    expect((await api('GET', '/sent?pageSize=101', sender)).statusCode).toBe(400);
    expect((await api('GET', '/sent?page=0', sender)).statusCode).toBe(400);
  });

  it('shows a stranger and another workspace’s user none of the sender’s drafts', async () => {
    for (const user of [stranger, otherWorkspaceUser]) {
      expect(await listPage(user, '')).toMatchObject({ drafts: [], hasMore: false });
    }
  });
});
