import type { draftListSchema } from '@pactum/core/api/drafts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { documentAccess, drafts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { apiAs, createWorkspace } from '../../test/drafts-factories';
import { createUsers, type TestUser } from '../../test/factories';

/*
 * The draft list a page at a time (issue 20): newest first with the id as tiebreak, no draft on
 * two pages and none skipped, the list's rules (no sent, deleted or PDF drafts) in SQL, and the
 * total for the table's pager.
 */

type DraftList = z.output<typeof draftListSchema>;

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let otherWorkspaceUser: TestUser;
let listedIds: string[] = [];
const base = Date.parse('2026-02-01T00:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp({ isWorker: false });
  [owner, stranger, otherWorkspaceUser] = await createUsers(t.platform, 3);
  await createWorkspace(t.database.db, { memberIds: [otherWorkspaceUser.id] });
  const { db } = t.database;
  // Seven listed drafts (three made at the same moment: the id decides), and one each that the
  // list leaves out: sent, deleted, Send & Sign PDF.
  const minutes = [70, 60, 60, 60, 30, 20, 10, 65, 55, 45];
  const rows = await db
    .insert(drafts)
    .values(
      minutes.map((minute, index) => ({
        title: `Draft ${index}`,
        createdBy: owner.id,
        createdAt: new Date(base + minute * 60_000),
        ...(index === 7 ? { sentAt: new Date(base) } : {}),
        ...(index === 8 ? { deletedAt: new Date(base) } : {}),
        ...(index === 9 ? { dealProcess: 'pdf' as const } : {}),
      })),
    )
    .returning({ id: drafts.id });
  await db.insert(documentAccess).values(
    rows.map((row) => ({
      collection: 'drafts' as const,
      documentId: row.id,
      userId: owner.id,
      email: owner.email,
      role: 'edit' as const,
      party: 'sender' as const,
      createdBy: owner.id,
    })),
  );
  listedIds = rows.slice(0, 7).map((row) => row.id);
});
afterAll(() => t?.close());

const api = apiAs(() => t.app);

async function listPage(user: TestUser, query: string): Promise<DraftList> {
  const response = await api('GET', `/drafts?${query}`, user);
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('paging the draft list', () => {
  it('pages the drafts newest first, ties by id, with the total, no repeats or gaps', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await listPage(owner, `page=${page}&pageSize=3`));
    expect(pages.map((page) => [page.page, page.pageSize, page.total, page.drafts.length])).toEqual(
      [
        [1, 3, 7, 3],
        [2, 3, 7, 3],
        [3, 3, 7, 1],
      ],
    );
    const rows = pages.flatMap((page) => page.drafts);
    expect(new Set(rows.map((row) => row.id))).toEqual(new Set(listedIds));
    const expected = [...rows].sort(
      (a, b) => b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? 1 : -1),
    );
    expect(rows.map((row) => row.id)).toEqual(expected.map((row) => row.id));
    expect(rows[0]?.title).toBe('Draft 0');
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
      ['createdAt', 'createdBy', 'id', 'receiverName', 'senderName', 'tags', 'title'].sort(),
    );
  });

  it('answers a page past the end empty, with the total', async () => {
    expect(await listPage(owner, 'page=9&pageSize=3')).toMatchObject({ drafts: [], total: 7 });
  });

  it('takes 25 a page unless asked, and refuses a page size over 100 or a page below 1', async () => {
    expect(await listPage(owner, '')).toMatchObject({ page: 1, pageSize: 25, total: 7 });
    expect((await api('GET', '/drafts?pageSize=101', owner)).statusCode).toBe(400);
    expect((await api('GET', '/drafts?page=0', owner)).statusCode).toBe(400);
  });

  it('shows a stranger and another workspace’s user none of the owner’s drafts', async () => {
    for (const user of [stranger, otherWorkspaceUser]) {
      expect(await listPage(user, '')).toMatchObject({ drafts: [], total: 0 });
    }
  });
});
