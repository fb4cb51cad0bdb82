import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/lock';
import { registerChainCheckJob } from './features/admin/chain-check';
import { registerAlertJobs, scheduleAlertSweep } from './features/alerts/delivery';
import { registerArchiveFilingJobs, resumeArchiveFilings } from './features/archive/filing';
import { registerArchivePermissionJobs } from './features/archive/permissions';
import { registerFileJobs } from './features/files/clean-up';
import { registerImportJobs } from './features/imports/service';
import { registerDigestJobs, scheduleDigests } from './features/notifications/digest';
import { registerDealPagesJob } from './features/search/deal-pages';
import { registerSendingJobs, resumeUnfinishedSends } from './features/sending/job';
import { registerSigningJobs } from './features/signing/service';
import { resumePendingSignedPdfs } from './features/signing/signed-pdf';
import { registerWebhookJobs, resumeWebhookLines } from './features/webhooks/delivery';
import { registerPaymentJobs, schedulePaymentSweep } from './features/workspaces/payments';
import { createPlatform, startPlatform, stopPlatform } from './platform/platform';
import { logConfigWarnings, onShutdown, openConfiguredDatabase } from './start';

/** `npm run worker`: runs the job workers only, no HTTP. Pair with RUN_WORKERS=0 on web processes. */
try {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  logConfigWarnings(log, config);
  const database = await openConfiguredDatabase(config);
  const platform = await createPlatform(config, database, {
    onJobError: (error) => log.error({ err: error }, 'job queue error'),
  });
  registerFileJobs(platform);
  registerImportJobs(platform);
  registerSendingJobs(platform);
  registerPaymentJobs(platform);
  const signedPdfJob = registerSigningJobs(platform);
  registerArchiveFilingJobs(platform);
  registerArchivePermissionJobs(platform);
  registerWebhookJobs(platform);
  registerAlertJobs(platform);
  registerDigestJobs(platform);
  registerDealPagesJob(platform);
  registerChainCheckJob(platform);
  await startPlatform(platform, { isWorker: true });
  await resumeUnfinishedSends(platform);
  await resumePendingSignedPdfs(platform, signedPdfJob);
  await resumeArchiveFilings(platform);
  await resumeWebhookLines(platform);
  await schedulePaymentSweep(platform);
  await scheduleAlertSweep(platform);
  await scheduleDigests(platform);
  log.info('Pactum worker is running');
  onShutdown(async () => {
    await stopPlatform(platform, { graceMs: config.shutdown.graceMs });
    await database.close();
  });
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
