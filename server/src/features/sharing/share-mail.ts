import type { AccessRole } from '@pactum/core/documents';
import type { Lang } from '@pactum/core/validation';
import type { Tx } from '../../db/client';
import {
  type DocumentCaller,
  type DocumentGrant,
  topicKinds,
} from '../../documents/require-document';
import type { Platform } from '../../platform/platform';
import { spendShareMailBudget } from './mail-budget';
import { findDocumentTitle } from './queries';

export type SharedMailTarget = { email: string; lang: Lang; isRegistered: boolean };

/** Where a shared document opens in the app, by the role given. */
function sharedDocumentPath(grant: DocumentGrant, role: AccessRole): string {
  const id = encodeURIComponent(grant.documentId);
  if (grant.collection === 'templates') {
    return `/dashboard/templates/${role === 'edit' ? 'edit' : 'view'}/${id}`;
  }
  if (grant.collection === 'drafts') return `/dashboard/draft/${id}/edit`;
  return `/dashboard/documents/deals/${id}`;
}

/**
 * Each person newly given access by e-mail hears of it: who shared what, and a link to it
 * (sign-in or sign-up leads back there). Queued in the sharing transaction.
 */
export async function mailSharedWith(
  platform: Platform,
  tx: Tx,
  options: {
    grant: DocumentGrant;
    caller: DocumentCaller;
    role: AccessRole;
    targets: SharedMailTarget[];
  },
) {
  const { grant, caller, role, targets } = options;
  if (targets.length === 0) return;
  const document = await findDocumentTitle(tx, grant);
  // Over budget the whole share rolls back (429): no entry without its mail, no mail unsent.
  await spendShareMailBudget(tx, {
    userId: caller.id,
    documentWorkspaceId: document?.workspaceId ?? null,
    amount: targets.length,
  });
  const kind = topicKinds[grant.collection] as 'template' | 'draft' | 'deal';
  const url = `${platform.config.publicUrl}${sharedDocumentPath(grant, role)}`;
  for (const target of targets) {
    await platform.mail.queue(tx, {
      to: target.email,
      template: 'document-shared',
      lang: target.lang,
      vars: {
        sharer: caller.name || caller.email,
        title: document?.title ?? '',
        kind,
        role,
        isRegistered: target.isRegistered,
        url,
      },
    });
  }
}
