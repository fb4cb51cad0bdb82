import path from 'node:path';
import { type Config, ConfigError } from '../config';
import type { Database } from '../db/client';
import {
  type Auth,
  createAuth,
  loadAuthSecret,
  type PasswordHashing,
  SESSION_RENEW_AFTER_SECONDS,
} from './auth/auth';
import { createCookieSessionReader } from './auth/sessions';
import { type Clock, createClock } from './clock/clock';
import { createJobs, type Jobs } from './jobs/jobs';
import { createLazyPdfService } from './lazy-pdf';
import { createMail, type Mail } from './mail/mail';
import { createMailer, type Mailer } from './mail/mailer';
import type { PaymentProvider } from './payments/payments';
import { createTestProcessor } from './payments/test-processor';
import type { PdfService } from './pdf/pdf';
import { createRateLimiter, type RateLimiter } from './rate-limit/rate-limit';
import { createRealtime, type Realtime } from './realtime/realtime';
import {
  createGatewaySms,
  createOutboxSms,
  createSms,
  createUnavailableSms,
  type Sms,
} from './sms/sms';
import { createLocalStorage } from './storage/local';
import type { FileStorage } from './storage/storage';

/** The real components every feature uses, built once per process from the config. */
export type Platform = {
  config: Config;
  database: Database;
  auth: Auth;
  /** Reads the session cookie of a request (the fast path of the auth engine's own reading). */
  readSessionCookie: ReturnType<typeof createCookieSessionReader>;
  rateLimiter: RateLimiter;
  /** The card processor; undefined when none is configured (production without Stripe). */
  payments: PaymentProvider | undefined;
  jobs: Jobs;
  realtime: Realtime;
  mailer: Mailer;
  mail: Mail;
  sms: Sms;
  storage: FileStorage;
  /** Signed-contract PDFs: drawing and sealing. */
  pdf: PdfService;
  /** The schedulers' time (alerts, digests); movable by tests outside production. */
  clock: Clock;
};

export async function createPlatform(
  config: Config,
  database: Database,
  options: {
    onJobError?: (error: Error) => void;
    pollingIntervalSeconds?: number;
    /** Tests only: password hashing that remembers its results (see test/app.ts). */
    passwordHashing?: PasswordHashing;
  } = {},
): Promise<Platform> {
  const jobs = createJobs(database, {
    onError: options.onJobError,
    pollingIntervalSeconds: options.pollingIntervalSeconds,
    crashAt: config.crashAt,
  });
  const mailer = createMailer({
    database,
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
    isOutboxKept: config.isDevOutboxEnabled,
  });
  const smsSender = config.smsGateway
    ? createGatewaySms({ ...config.smsGateway, sender: config.smsSender })
    : config.isSmsOutboxEnabled
      ? createOutboxSms(database)
      : createUnavailableSms();
  const mail = createMail(jobs, mailer, { onError: options.onJobError });
  const secret = await loadAuthSecret(database, config.authSecret);
  const auth = createAuth({
    config,
    database,
    mail,
    secret,
    passwordHashing: options.passwordHashing,
  });
  let pdf: PdfService;
  try {
    pdf = await createLazyPdfService({
      database,
      operatorP12: config.sealP12,
      publicUrl: config.publicUrl,
    });
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration:\n  SEAL_P12_PASSPHRASE: ${(error as Error).message}`,
    );
  }
  return {
    config,
    database,
    auth,
    readSessionCookie: createCookieSessionReader({
      auth,
      database,
      renewAfterSeconds: SESSION_RENEW_AFTER_SECONDS,
    }),
    rateLimiter: createRateLimiter(database),
    payments: await createPayments(config, database),
    jobs,
    realtime: createRealtime(database),
    mailer,
    mail,
    sms: createSms(jobs, smsSender),
    storage: config.s3
      ? (await import('./storage/s3')).createS3Storage(config.s3)
      : createLocalStorage(path.join(config.dataDir, 'files')),
    pdf,
    clock: createClock({ isMovable: config.isClockMovable }),
  };
}

/**
 * The card processor the config names. Stripe's SDK is loaded only when Stripe is configured
 * (likewise the S3 SDK for S3 storage above): an installation without them never loads them.
 */
async function createPayments(
  config: Config,
  database: Database,
): Promise<PaymentProvider | undefined> {
  if (config.stripe) {
    const { createStripeProcessor } = await import('./payments/stripe');
    return createStripeProcessor({
      secretKey: config.stripe.secretKey,
      webhookSecret: config.stripe.webhookSecret,
      ...(config.stripe.api ? { api: config.stripe.api } : {}),
    });
  }
  return config.isTestPaymentsEnabled
    ? createTestProcessor({ database, publicUrl: config.publicUrl })
    : undefined;
}

/** Starts listening for live events and, when `isWorker`, running jobs. */
export async function startPlatform(platform: Platform, options: { isWorker: boolean }) {
  await platform.jobs.start(options);
  await platform.realtime.start();
}

/** Stops live events, then the job workers; running jobs get `graceMs` (10 s) to finish. */
export async function stopPlatform(platform: Platform, options: { graceMs?: number } = {}) {
  await platform.realtime.stop();
  await platform.jobs.stop(options.graceMs);
  await platform.pdf.close();
}
