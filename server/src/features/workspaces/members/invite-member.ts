import type { WorkspaceRole } from '@pactum/core/billing';
import type { Lang } from '@pactum/core/validation';
import { requireAdministrator } from '../../../documents/workspace-access';
import { AppError } from '../../../http/app-error';
import type { Platform } from '../../../platform/platform';
import type { Caller } from '../caller';
import { notifyWorkspace } from '../notify-workspace';
import { isMemberEmail, lockSeats, openInvite } from './queries';

/**
 * Invites someone by e-mail (administrators). Refused when every licence is taken by members
 * and open invites. A registered user with that e-mail joins when they next sign in verified.
 */
export async function inviteMember(
  platform: Platform,
  options: {
    user: Caller;
    workspaceId: string;
    email: string;
    role: WorkspaceRole;
    lang: Lang;
  },
) {
  const { db } = platform.database;
  await db.transaction(async (tx) => {
    const { workspace } = await requireAdministrator(tx, {
      workspaceId: options.workspaceId,
      userId: options.user.id,
    });
    const { maxSeats, usedSeats } = await lockSeats(tx, workspace.id);
    if (usedSeats >= maxSeats) {
      throw new AppError('licences_in_use');
    }
    if (await isMemberEmail(tx, workspace.id, options.email)) {
      throw new AppError('already_member', { email: options.email });
    }
    const invite = await openInvite(tx, {
      workspaceId: workspace.id,
      email: options.email,
      role: options.role,
      invitedBy: options.user.id,
    });
    if (!invite) throw new AppError('already_invited', { email: options.email });
    await platform.mail.queue(tx, {
      to: options.email,
      template: 'workspace-invite',
      lang: options.lang,
      vars: {
        inviter: options.user.name,
        workspace: workspace.title,
        url: `${platform.config.publicUrl}/login?redirect=${encodeURIComponent(`/dashboard/account/workspace/edit/${workspace.id}`)}`,
      },
    });
    await notifyWorkspace(platform, tx, workspace.id, 'members.changed');
  });
}
