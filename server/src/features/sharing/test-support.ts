import type { TemplateDetail } from '@pactum/core/templates';
import { expect } from 'vitest';
import { workspaceGroupMembers, workspaceGroups } from '../../db/schema';
import type { TestApp } from '../../test/app';
import { createWorkspaceWith } from '../../test/deal-factory';
import { callApi, ORIGIN } from '../../test/drafts-factories';

/*
 * Helpers the template, section and sharing API tests share: calling the API as a user, and
 * making workspaces and groups directly (their own API is tested in the workspaces area).
 */

export { ORIGIN };

export type Method = Parameters<typeof callApi>[1];

export function caller(t: TestApp) {
  return (method: Method, url: string, cookie: string | undefined, payload?: unknown) =>
    callApi(t.app, method, url, cookie, payload);
}

/** A workspace with the given members (the first is its administrator). */
export function makeWorkspace(t: TestApp, memberIds: string[], title = 'Team') {
  return createWorkspaceWith(
    t.platform.database.db,
    memberIds.map((id) => ({ id })),
    title,
  );
}

/** A group in a workspace with the given members. */
export async function makeGroup(t: TestApp, workspaceId: string, memberIds: string[]) {
  const { db } = t.platform.database;
  const [group] = await db
    .insert(workspaceGroups)
    .values({ workspaceId, name: 'Legal' })
    .returning({ id: workspaceGroups.id });
  if (!group) throw new Error('no group');
  if (memberIds.length > 0) {
    await db
      .insert(workspaceGroupMembers)
      .values(memberIds.map((userId) => ({ groupId: group.id, userId })));
  }
  return group.id;
}

export const templateInput = (title = 'Consulting agreement') => ({
  title,
  abstract: 'Terms for consulting work.',
  category: 'business',
  language: 'en',
  region: 'fi',
});

/** Creates a template through the API as the user with the cookie. */
export async function makeTemplate(
  t: TestApp,
  cookie: string,
  title?: string,
): Promise<TemplateDetail> {
  const response = await caller(t)('POST', '/templates', cookie, templateInput(title));
  expect(response.statusCode).toBe(201);
  return response.json() as TemplateDetail;
}
