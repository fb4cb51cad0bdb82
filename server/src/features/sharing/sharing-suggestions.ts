import type { SharingSuggestions } from '@pactum/core/templates';
import type { Platform } from '../../platform/platform';
import { findMyWorkspaces, findWorkspaceGroups, findWorkspacePeople } from './queries';

/**
 * Whom the caller can invite: the members of their workspaces (at most 100 people), their
 * workspaces and those workspaces' groups.
 */
export async function sharingSuggestions(
  platform: Platform,
  options: { userId: string },
): Promise<SharingSuggestions> {
  const { db } = platform.database;
  const myWorkspaces = await findMyWorkspaces(db, options.userId);
  const ids = myWorkspaces.map((workspace) => workspace.id);
  if (ids.length === 0) return { people: [], workspaces: [], groups: [] };
  const [people, groups] = await Promise.all([
    findWorkspacePeople(db, { ids, userId: options.userId }),
    findWorkspaceGroups(db, ids),
  ]);
  return { people, workspaces: myWorkspaces, groups };
}
