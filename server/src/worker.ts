import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/lock';
import { scheduleAlertSweep } from './features/alerts/delivery';
import { resumeArchiveFilings } from './features/archive/filing';
import { scheduleDigests } from './features/notifications/digest';
import { resumeUnfinishedSends } from './features/sending/job';
import { scheduleReminders } from './features/signing/reminders';
import { resumePendingSignedPdfs } from './features/signing/signed-pdf';
import { resumeWebhookLines } from './features/webhooks/delivery';
import { schedulePaymentSweep } from './features/workspaces/payments/payment-jobs';
import { registerJobs } from './jobs';
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
  const jobs = registerJobs(platform);
  await startPlatform(platform, { isWorker: true });
  await resumeUnfinishedSends(platform);
  await resumePendingSignedPdfs(platform, jobs.signedPdf);
  await resumeArchiveFilings(platform);
  await resumeWebhookLines(platform);
  await schedulePaymentSweep(platform);
  await scheduleAlertSweep(platform);
  await scheduleDigests(platform);
  await scheduleReminders(platform);
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
