import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { findFile } from './queries';
import { type Caller, loadSigningContext } from './signing-context';

/** GET /deals/:dealId/original-pdf: the uploaded PDF of a Send & Sign PDF deal. */
export async function originalPdfFile(
  platform: Platform,
  options: { dealId: string; user: Caller },
): Promise<{ name: string; body: Buffer }> {
  const { db } = platform.database;
  const context = await loadSigningContext(db, options);
  const file = context.deal.pdfFileId ? await findFile(db, context.deal.pdfFileId) : undefined;
  if (!file) throw new AppError('not_found');
  return { name: file.name, body: await platform.storage.get(file.storageKey) };
}
