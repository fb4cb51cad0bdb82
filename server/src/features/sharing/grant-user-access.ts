import type { AccessRole, DocumentCollection } from '@pactum/core/documents';
import type { DbOrTx } from '../../db/client';
import { documentAccess } from '../../db/schema';
import { grantTokenWorkspaceAccess } from './grant-token-workspace-access';

/**
 * Gives a user an access entry of their own unless they have one (creation, coupons, copies);
 * in a workspace token's request its workspace gets one too (`grantTokenWorkspaceAccess`).
 */
export async function grantUserAccess(
  tx: DbOrTx,
  options: {
    collection: DocumentCollection;
    documentId: string;
    userId: string;
    email: string;
    role: AccessRole;
    createdBy: string;
  },
): Promise<boolean> {
  const inserted = await tx
    .insert(documentAccess)
    .values({
      collection: options.collection,
      documentId: options.documentId,
      userId: options.userId,
      email: options.email.toLowerCase(),
      role: options.role,
      createdBy: options.createdBy,
    })
    .onConflictDoNothing()
    .returning({ id: documentAccess.id });
  await grantTokenWorkspaceAccess(tx, options);
  return inserted.length > 0;
}
