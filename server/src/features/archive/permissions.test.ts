import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveItems, archivePermissionChanges } from '../../db/schema';
import { createTestApp, eventually, type TestApp } from '../../test/app';
import { createWorkspace } from '../../test/drafts-factories';
import { createUsers, type TestUser } from '../../test/factories';
import {
  applyPermissionChange,
  PERMISSION_BATCH_SIZE,
  PERMISSIONS_JOB,
  permissionsJob,
} from './permissions';
import { addGroup, archiveClient } from './test-kit';

/*
 * A folder's permission change (spec 1 §4, §6): the folder changes at once and shuts out whoever
 * it no longer reaches from everything below it; the `archive.permissions` job (the real one,
 * run by the app's workers) then rewrites every item below, in batches, and the latest change
 * of a place wins whichever job runs first.
 */

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let workspaceId: string;
let legalGroup: string;
let salesGroup: string;
const client = archiveClient(() => t);
const { api } = client;

beforeAll(async () => {
  t = await createTestApp();
  [owner, member] = await createUsers(t.platform, 2);
  workspaceId = (await createWorkspace(t.database.db, { memberIds: [owner.id, member.id] })).id;
  legalGroup = await addGroup(t.database.db, { workspaceId, name: 'Legal', members: [owner] });
  salesGroup = await addGroup(t.database.db, { workspaceId, name: 'Sales', members: [member] });
});
afterAll(() => t?.close());

async function folder(body: object) {
  const answer = await client.createFolder(owner, body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as { id: string };
}

/** A folder tree three levels deep with a file on each level: a > b > c. */
async function tree() {
  const a = await folder({ name: `perm-${randomUUID().slice(0, 8)}`, workspaceId });
  const b = await folder({ name: 'b', parentId: a.id });
  const c = await folder({ name: 'c', parentId: b.id });
  const files = [];
  for (const parent of [a, b, c]) files.push((await client.addFile(owner, parent.id)).json().id);
  return { a, b, c, files: files as string[], deep: files[2] as string };
}

/** Waits until no permission change is running any more. */
const settled = () =>
  eventually(async () => {
    const running = await t.database.db
      .select()
      .from(archivePermissionChanges)
      .where(eq(archivePermissionChanges.state, 'running'));
    return running.length === 0 ? true : undefined;
  });

/** Scope and groups of the items below a folder (the folder itself not included). */
const below = (folderId: string) =>
  t.database.db
    .select({ id: archiveItems.id, scope: archiveItems.scope, groupIds: archiveItems.groupIds })
    .from(archiveItems)
    .where(sql`${archiveItems.ancestorIds} @> ARRAY[${folderId}]::uuid[]`);

describe('folder permission changes', () => {
  it('runs five changes at once', () => {
    expect(permissionsJob(t.platform)).toMatchObject({ name: PERMISSIONS_JOB, workers: 5 });
  });

  it('shuts a removed user out at once and carries the change through the subtree', async () => {
    const { a, c, files, deep } = await tree();
    expect((await api('GET', `/archive/items/${deep}`, member)).statusCode).toBe(200);

    const changed = await api('PATCH', `/archive/folders/${a.id}`, owner, {
      groupIds: [legalGroup],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      scope: 'groups',
      groupIds: [legalGroup],
      descendantCount: 5,
      permissionChange: { total: 5 },
    });
    // Right after the change, whatever the job has done: nothing below is theirs to open.
    expect((await api('GET', `/archive/items/${deep}`, member)).statusCode).toBe(404);
    expect((await api('GET', `/archive/items/${deep}/pdf`, member)).statusCode).toBe(404);
    expect((await api('GET', `/archive/folders/${c.id}/items`, member)).statusCode).toBe(404);
    const root = (await api('GET', '/archive', member)).json();
    expect(root.items.map((item: { id: string }) => item.id)).not.toContain(a.id);

    const done = await eventually(async () => {
      const detail = (await api('GET', `/archive/folders/${a.id}`, owner)).json();
      return detail.permissionChange.state === 'done' ? detail : undefined;
    });
    expect(done.permissionChange).toMatchObject({
      total: 5,
      done: 5,
      finishedAt: expect.any(String),
    });
    const items = await below(a.id);
    expect(items).toHaveLength(5);
    for (const item of items)
      expect(item).toMatchObject({ scope: 'groups', groupIds: [legalGroup] });
    expect((await api('GET', `/archive/items/${deep}`, owner)).statusCode).toBe(200);
    expect((await api('GET', `/archive/items/${files[0]}`, member)).statusCode).toBe(404);

    // Back to the whole workspace: the member opens the deep file once the job has run.
    await api('PATCH', `/archive/folders/${a.id}`, owner, { groupIds: [] });
    await settled();
    for (const item of await below(a.id)) {
      expect(item).toMatchObject({ scope: 'workspace', groupIds: [] });
    }
    expect((await api('GET', `/archive/items/${deep}`, member)).statusCode).toBe(200);
  });

  it('changes a big subtree in batches and counts its progress', async () => {
    const a = await folder({ name: `big-${randomUUID().slice(0, 8)}`, workspaceId });
    const count = PERMISSION_BATCH_SIZE * 2 + 50;
    await t.database.db.insert(archiveItems).values(
      Array.from({ length: count }, (_, index) => ({
        type: 'file' as const,
        name: `file-${index}.pdf`,
        parentId: a.id,
        ancestorIds: [a.id],
        workspaceId,
        scope: 'workspace' as const,
      })),
    );
    const changed = await api('PATCH', `/archive/folders/${a.id}`, owner, {
      groupIds: [salesGroup, legalGroup],
    });
    expect(changed.json().permissionChange).toMatchObject({ total: count });
    await settled();
    const [change] = await t.database.db
      .select()
      .from(archivePermissionChanges)
      .where(eq(archivePermissionChanges.folderId, a.id));
    expect(change).toMatchObject({ state: 'done', total: count, done: count });
    const items = await below(a.id);
    expect(items).toHaveLength(count);
    expect(items.every((item) => item.scope === 'groups' && item.groupIds.length === 2)).toBe(true);

    // A repeated run (a retry after a crash) changes nothing more.
    const before = await below(a.id);
    await t.database.db
      .update(archivePermissionChanges)
      .set({ state: 'running', done: 0 })
      .where(eq(archivePermissionChanges.id, change?.id ?? ''));
    await applyPermissionChange(t.platform, change?.id ?? '');
    expect(await below(a.id)).toEqual(before);
  });

  it('lets the latest change of a place win, whichever job runs first', async () => {
    const { a, b } = await tree();
    await api('PATCH', `/archive/folders/${a.id}`, owner, { groupIds: [legalGroup] });
    await api('PATCH', `/archive/folders/${a.id}`, owner, { groupIds: [] });
    await api('PATCH', `/archive/folders/${b.id}`, owner, { groupIds: [salesGroup] });
    await settled();
    const expectFinalState = async () => {
      const underB = new Set((await below(b.id)).map((row) => row.id));
      for (const item of await below(a.id)) {
        expect(item).toMatchObject(
          item.id === b.id || underB.has(item.id)
            ? { scope: 'groups', groupIds: [salesGroup] }
            : { scope: 'workspace', groupIds: [] },
        );
      }
    };
    await expectFinalState();
    const changes = await t.database.db
      .select()
      .from(archivePermissionChanges)
      .where(eq(archivePermissionChanges.folderId, a.id))
      .orderBy(archivePermissionChanges.createdAt);
    expect(changes).toHaveLength(2);
    // The oldest change's job running last (a retry, a slow worker) overwrites nothing newer.
    await t.database.db
      .update(archivePermissionChanges)
      .set({ state: 'running' })
      .where(eq(archivePermissionChanges.id, changes[0]?.id ?? ''));
    await applyPermissionChange(t.platform, changes[0]?.id ?? '');
    await expectFinalState();
  });

  it('keeps a subfolder’s groups to its parent’s when the parent has groups', async () => {
    const { a, b } = await tree();
    await api('PATCH', `/archive/folders/${a.id}`, owner, { groupIds: [legalGroup] });
    const refused = await api('PATCH', `/archive/folders/${b.id}`, owner, {
      groupIds: [salesGroup],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('archive_groups_inherited');
    // Renaming is fine, and sending the same groups is no change.
    const renamed = await api('PATCH', `/archive/folders/${b.id}`, owner, {
      name: 'bee',
      groupIds: [legalGroup],
    });
    expect(renamed.json()).toMatchObject({ name: 'bee', groupsInherited: true });
    const changes = await t.database.db
      .select()
      .from(archivePermissionChanges)
      .where(eq(archivePermissionChanges.folderId, b.id));
    expect(changes).toEqual([]);
    const invalid = await api('PATCH', `/archive/folders/${a.id}`, owner, {
      groupIds: [randomUUID()],
    });
    expect(invalid.json().error.code).toBe('archive_groups_invalid');
    await settled();
  });

  it('gives a folder moved under a folder of groups those groups, down its subtree', async () => {
    const target = await folder({
      name: `locked-${randomUUID().slice(0, 8)}`,
      workspaceId,
      groupIds: [legalGroup],
    });
    const { a, deep } = await tree();
    const moved = await api('PATCH', `/archive/items/${a.id}`, owner, { parentId: target.id });
    expect(moved.json()).toMatchObject({
      scope: 'groups',
      groupIds: [legalGroup],
      groupsInherited: true,
      permissionChange: { total: 5 },
    });
    expect((await api('GET', `/archive/items/${deep}`, member)).statusCode).toBe(404);
    await settled();
    for (const item of await below(a.id)) {
      expect(item).toMatchObject({ scope: 'groups', groupIds: [legalGroup] });
    }
    const [deepRow] = await t.database.db
      .select({ ancestorIds: archiveItems.ancestorIds })
      .from(archiveItems)
      .where(and(eq(archiveItems.id, deep)));
    expect(deepRow?.ancestorIds[0]).toBe(target.id);
  });
});
