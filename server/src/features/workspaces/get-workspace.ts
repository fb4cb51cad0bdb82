import { DEFAULT_MAX_SEATS } from '@pactum/core/billing';
import { requireMember } from '../../documents/workspace-access';
import type { Platform } from '../../platform/platform';
import { listGroups } from './groups/queries';
import { listMembers, listOpenInvites } from './members/queries';
import { readCreditFigures } from './stats/queries';
import { listTags } from './tags/queries';

/** One workspace as its page shows it; licence prices only to administrators. */
export async function getWorkspace(
  platform: Platform,
  options: { userId: string; workspaceId: string },
) {
  const { db } = platform.database;
  const { role, workspace } = await requireMember(db, options);
  const isAdministrator = role === 'edit';
  const members = await listMembers(db, workspace.id);
  const invites = isAdministrator ? await listOpenInvites(db, workspace.id) : [];
  const groups = await listGroups(db, workspace.id);
  const tags = await listTags(db, workspace.id);
  const maxSeats = workspace.licensing.maxActiveSeats || DEFAULT_MAX_SEATS;
  // The balance and the stats' credit figures from one reading of the ledger (never a count
  // made before the latest purchase beside the balance after it).
  const { balance, purchased, spent } = await readCreditFigures(db, workspace.id);
  return {
    id: workspace.id,
    title: workspace.title,
    type: workspace.type,
    credits: balance,
    currency: workspace.currency,
    isVerified: workspace.isVerified,
    isRejected: workspace.isRejected,
    isDemo: workspace.isDemo,
    role,
    billingEmail: workspace.billingEmail,
    company: workspace.company,
    address: workspace.address,
    card: workspace.card,
    licensing: {
      maxActiveSeats: maxSeats,
      usedSeats: members.length + invites.length,
      ...(isAdministrator ? { pricePerSeat: workspace.licensing.pricePerSeat } : {}),
    },
    members: members.map(({ twoFactorAt, ...member }) => ({
      ...member,
      hasTwoFactor: twoFactorAt !== null,
    })),
    invites,
    groups,
    tags,
    stats: workspace.stats && { ...workspace.stats, credits: { purchased, spent } },
    statsCalculatedAt: workspace.statsCalculatedAt,
    createdAt: workspace.createdAt,
    requireTwoFactor: workspace.requireTwoFactor,
  };
}
