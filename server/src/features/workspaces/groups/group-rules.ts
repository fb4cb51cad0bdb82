import type { DbOrTx, Tx } from '../../../db/client';
import { AppError } from '../../../http/app-error';
import { findMembers } from '../members/queries';
import { findLiveGroup } from './queries';

/** The group's members, each once; refused unless every one is a member of the workspace. */
export async function checkGroupMembers(db: DbOrTx, workspaceId: string, memberIds: string[]) {
  const unique = [...new Set(memberIds)];
  const found = await findMembers(db, workspaceId, unique);
  if (found.length !== unique.length) {
    throw new AppError('group_members_only');
  }
  return unique;
}

/** 404 unless the group is the workspace's and not deleted. */
export async function requireGroup(tx: Tx, workspaceId: string, groupId: string) {
  if (!(await findLiveGroup(tx, workspaceId, groupId))) throw new AppError('not_found');
}
