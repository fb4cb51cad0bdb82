import { loadConfig } from '../config';
import { createPlatform, startPlatform, stopPlatform } from '../platform/platform';
import { openConfiguredDatabase } from '../start';

/**
 * `npm run mail:test -- someone@example.com [fi]`: queues the test message and delivers it
 * through the configured way out (SMTP_URL, or the dev outbox), to check the mail set-up.
 */
const [to, lang = 'en'] = process.argv.slice(2);
if (!to || !/^[^@\s]+@[^@\s]+$/.test(to) || (lang !== 'en' && lang !== 'fi')) {
  console.error('Usage: npm run mail:test -- EMAIL [en|fi]');
  process.exit(2);
}
const config = loadConfig();
const database = await openConfiguredDatabase(config);
const platform = await createPlatform(config, database);
await startPlatform(platform, { isWorker: true });
const jobId = await database.db.transaction((tx) =>
  platform.mail.queue(tx, {
    to,
    template: 'test-delivery',
    lang,
    vars: { url: config.publicUrl },
  }),
);
console.info(`Queued a test message to ${to}; delivering through ${platform.mailer.kind}...`);
let state = 'created';
for (let waited = 0; waited < 60_000 && !['completed', 'failed'].includes(state); waited += 500) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  state = (await platform.jobs.getJob('mail.send', jobId))?.state ?? 'missing';
  // A failed first try is retried later by the worker; report it now rather than wait.
  if (state === 'retry') break;
}
await stopPlatform(platform);
await database.close();
if (state === 'completed') {
  console.info(
    platform.mailer.kind === 'smtp' ? 'Sent.' : 'Kept in the dev outbox: see /dev/outbox.',
  );
} else {
  console.error(`Not delivered (job state: ${state}). Check SMTP_URL and the server log.`);
  process.exitCode = 1;
}
