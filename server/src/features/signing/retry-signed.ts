import { announceSignedDeal } from '../../documents/signed-deal-hooks';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { retrySignedPdf } from './signed-pdf';
import { type Caller, loadSigningContext } from './signing-context';
import { signingJob } from './signing-jobs';
import { getSigningView, type SigningView } from './signing-view';

/** POST /deals/:dealId/signed-pdf/retry: the sender starts a failed signed PDF again. */
export async function retrySigned(
  platform: Platform,
  options: { dealId: string; user: Caller },
): Promise<SigningView> {
  const context = await loadSigningContext(platform.database.db, options);
  if (context.myParty !== 'sender' || context.role !== 'edit') throw new AppError('forbidden');
  const isStarted = await retrySignedPdf(platform, signingJob(platform), context.deal.id);
  if (!isStarted) throw new AppError('signed_pdf_not_failed');
  await announceSignedDeal(platform, 'signedPdfRetried', platform.database.db, context.deal.id);
  return getSigningView(platform, options);
}
