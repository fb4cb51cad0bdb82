import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { findFile } from './queries';
import { getSignedPdfStatus } from './signed-pdf';
import { type Caller, loadSigningContext } from './signing-context';

/** The sealed PDF for download: a party of the deal or one of its signers, once it is done. */
export async function signedPdfFile(
  platform: Platform,
  options: { dealId: string; user: Caller },
): Promise<{ storageKey: string; name: string; size: number; sha256: string }> {
  const { db } = platform.database;
  const context = await loadSigningContext(db, options);
  const status = await getSignedPdfStatus(db, context.deal.id);
  if (status?.state !== 'done' || !status.fileId || !status.sha256) {
    throw new AppError('not_found');
  }
  const file = await findFile(db, status.fileId);
  if (!file) throw new AppError('not_found');
  return { storageKey: file.storageKey, name: file.name, size: file.size, sha256: status.sha256 };
}
