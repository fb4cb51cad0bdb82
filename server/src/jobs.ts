import { registerChainCheckJob } from './features/admin/chain-check';
import { registerAlertJobs } from './features/alerts/delivery';
import { registerArchiveFilingJobs } from './features/archive/filing';
import { registerArchivePermissionJobs } from './features/archive/permissions';
import { registerFileJobs } from './features/files/clean-up';
import { registerImportJobs } from './features/imports/service';
import { registerDigestJobs } from './features/notifications/digest';
import { registerDealPagesJob } from './features/search/deal-pages';
import { registerSendingJobs } from './features/sending/job';
import { registerReminderJobs } from './features/signing/reminders';
import type { SignedPdfJob } from './features/signing/signed-pdf';
import { registerSigningJobs } from './features/signing/signing-jobs';
import { registerWebhookJobs } from './features/webhooks/delivery';
import { registerPaymentJobs } from './features/workspaces/payments/payment-jobs';
import type { Platform } from './platform/platform';

/**
 * The job registry: every feature's queues and their handlers, registered on a platform before
 * it starts. The web process (`buildApp`) and the worker (`worker.ts`) both read it, so both
 * know the same queues whichever of them runs the workers. The platform's own deliveries
 * (`mail.send`, `mail.deliver-account`, `sms.send`) are registered by the platform itself.
 * Each feature's `register…` is idempotent: a feature may ask it again for its job definition.
 */
export function registerJobs(platform: Platform): { signedPdf: SignedPdfJob } {
  registerFileJobs(platform); // files.clean-up-uploads
  registerImportJobs(platform); // imports.convert
  registerSendingJobs(platform); // draft.send
  registerPaymentJobs(platform); // payment.reconcile, payment.sweep
  const signedPdf = registerSigningJobs(platform); // signing.signed-pdf, signing.check-chain
  registerReminderJobs(platform); // signing.reminders-due
  registerArchiveFilingJobs(platform); // archive.file-deal, archive.extract-text; filing hooks
  registerArchivePermissionJobs(platform); // archive.permissions
  registerWebhookJobs(platform); // webhook.deliver
  registerAlertJobs(platform); // alerts.deliver-due
  registerDigestJobs(platform); // notifications.digest-due
  registerDealPagesJob(platform); // deals.extract-text
  registerChainCheckJob(platform); // admin.check-chain
  return { signedPdf };
}
