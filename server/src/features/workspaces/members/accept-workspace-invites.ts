import { refreshHomeCounts } from '../../../documents/counters';
import type { Platform } from '../../../platform/platform';
import { notifyWorkspace } from '../notify-workspace';
import { acceptOpenInvites, addMemberOnce, hasOpenInvite } from './queries';

/**
 * Joins the user to every workspace that invited their (verified) e-mail. Takes no seat lock:
 * each open invite already holds its seat and becomes at most one member in the same commit.
 */
export async function acceptWorkspaceInvites(
  platform: Platform,
  options: { userId: string; email: string; isEmailVerified: boolean },
): Promise<number> {
  if (!options.isEmailVerified) return 0;
  // Called on every app load: a cheap look first, a transaction only when there is work.
  if (!(await hasOpenInvite(platform.database.db, options.email))) return 0;
  return platform.database.db.transaction(async (tx) => {
    const invites = await acceptOpenInvites(tx, options.email);
    for (const invite of invites) {
      await addMemberOnce(tx, {
        workspaceId: invite.workspaceId,
        userId: options.userId,
        role: invite.role,
      });
      await notifyWorkspace(platform, tx, invite.workspaceId, 'members.changed');
    }
    if (invites.length > 0) await refreshHomeCounts(platform, tx, options.userId);
    return invites.length;
  });
}
