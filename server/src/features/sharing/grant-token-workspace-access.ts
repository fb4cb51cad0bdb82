import type { AccessRole, DocumentCollection, PartyRole } from '@pactum/core/documents';
import type { DbOrTx } from '../../db/client';
import { documentAccess } from '../../db/schema';
import { workspaceScopeOf } from '../../http/request-scope';

/**
 * Makes a document the user creates (or takes) in a workspace token's request the workspace's
 * too: an entry for the token's workspace with the role (and party) given, so the token reaches
 * what it made. Nothing outside such a request.
 */
export async function grantTokenWorkspaceAccess(
  tx: DbOrTx,
  options: {
    collection: DocumentCollection;
    documentId: string;
    userId: string;
    role: AccessRole;
    party?: PartyRole;
  },
): Promise<void> {
  const scope = workspaceScopeOf(options.userId);
  if (!scope) return;
  await tx
    .insert(documentAccess)
    .values({
      collection: options.collection,
      documentId: options.documentId,
      workspaceId: scope.workspaceId,
      role: options.role,
      party: options.party ?? null,
      createdBy: options.userId,
    })
    .onConflictDoNothing();
}
