import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { workspaceMembers, workspaces } from '../../db/schema';
import { isMembershipOf } from '../../documents/workspace-access';
import { AppError } from '../../http/app-error';
import { spendBudget } from '../../platform/rate-limit/budget';
import type { RateRule } from '../../platform/rate-limit/rate-limit';

/*
 * How many 'document-shared' mails may go out (issue 22 §6: an account shared one template with
 * 300 addresses, each mail carrying a name and title of its choosing). A mail is counted when
 * it is queued, i.e. per person newly given access; role changes and workspace or group shares
 * send none and cost nothing.
 */

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

/**
 * One person: one full share dialog (at most 100 addresses a request) an hour, and three a day.
 * A team bringing in its whole customer list does it through workspaces, not by mail.
 */
export const SHARE_MAILS_PER_USER_HOUR = 100;
export const SHARE_MAILS_PER_USER_DAY = 300;
/**
 * One workspace (company): five busy people's hours at once, and a working day of them; enough
 * for a business, too little to be worth abusing with a set of accounts.
 */
export const SHARE_MAILS_PER_WORKSPACE_HOUR = 500;
export const SHARE_MAILS_PER_WORKSPACE_DAY = 2000;

type ShareMailBudget = {
  key: string;
  rule: RateRule;
  code: 'share_mail_limit_user' | 'share_mail_limit_workspace';
};

/** The budgets a share by this user, charged to this workspace (if any), spends from. */
export function shareMailBudgets(payer: {
  userId: string;
  workspaceId: string | null;
}): ShareMailBudget[] {
  const user = `share-mail:user:${payer.userId}`;
  const budgets: ShareMailBudget[] = [
    {
      key: `${user}:hour`,
      rule: { max: SHARE_MAILS_PER_USER_HOUR, windowSeconds: HOUR },
      code: 'share_mail_limit_user',
    },
    {
      key: `${user}:day`,
      rule: { max: SHARE_MAILS_PER_USER_DAY, windowSeconds: DAY },
      code: 'share_mail_limit_user',
    },
  ];
  if (!payer.workspaceId) return budgets;
  const workspace = `share-mail:workspace:${payer.workspaceId}`;
  return [
    ...budgets,
    {
      key: `${workspace}:hour`,
      rule: { max: SHARE_MAILS_PER_WORKSPACE_HOUR, windowSeconds: HOUR },
      code: 'share_mail_limit_workspace',
    },
    {
      key: `${workspace}:day`,
      rule: { max: SHARE_MAILS_PER_WORKSPACE_DAY, windowSeconds: DAY },
      code: 'share_mail_limit_workspace',
    },
  ];
}

/**
 * The workspace a share's mails count against: the document's when the caller is one of its
 * members (a deal's workspace is the sender's company, so the receiving party must not spend
 * it), else the caller's first workspace; none when the caller has no workspace.
 */
async function payingWorkspace(
  tx: DbOrTx,
  options: { userId: string; documentWorkspaceId: string | null },
): Promise<string | null> {
  const rows = await tx
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(isMembershipOf(options.userId), isNull(workspaces.deletedAt)))
    .orderBy(asc(workspaceMembers.createdAt), asc(workspaceMembers.workspaceId));
  const own = rows.find((row) => row.id === options.documentWorkspaceId) ?? rows[0];
  return own?.id ?? null;
}

/**
 * Spends `amount` share mails from the user's and the workspace's budgets in the sharing
 * transaction, or refuses with 429 and Retry-After. The refusal rolls the transaction back, so
 * nothing of the share is stored and the budgets already spent in it are given back.
 */
export async function spendShareMailBudget(
  tx: DbOrTx,
  options: { userId: string; documentWorkspaceId: string | null; amount: number },
): Promise<void> {
  if (options.amount === 0) return;
  const workspaceId = await payingWorkspace(tx, options);
  // Always in the same order, so two shares never wait on each other's counters crosswise.
  for (const budget of shareMailBudgets({ userId: options.userId, workspaceId })) {
    const spent = await spendBudget(tx, budget.key, budget.rule, options.amount);
    if (!spent.isAllowed) {
      throw new AppError(budget.code, {}, { retryAfterSeconds: spent.retryAfterSeconds });
    }
  }
}
