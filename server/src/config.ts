import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_ARCHIVE_MAX_BYTES } from '@pactum/core/archive';
import type { SsoProvider } from '@pactum/core/auth';
import { z } from 'zod';
import { serverRoot } from './server-root';

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true');

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/**
 * Every setting Pactum reads from the environment. The README's configuration table lists
 * the same names and defaults; keep the two in step.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** HTTP port. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to listen on; `localhost` binds the loopback addresses only. */
  HOST: z.string().default('localhost'),
  /** Folder for the embedded database, local files and the generated certificate. */
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL connection string; unset means the embedded PGlite database in DATA_DIR/db. */
  DATABASE_URL: optionalString.pipe(z.url().optional()),
  /** The address users reach Pactum at; used for links in e-mails and the WebSocket Origin check. */
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  /** Further Origins allowed to open the WebSocket, comma separated (e.g. the Vite dev server). */
  ALLOWED_ORIGINS: z.string().default(''),
  /** Trust X-Forwarded-* headers from a proxy in front of Pactum. */
  TRUST_PROXY: booleanFlag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Run job workers inside the web process (set 0 when `npm run worker` runs them apart). */
  RUN_WORKERS: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((value) => value === '1' || value === 'true'),
  /**
   * On SIGTERM: seconds the process goes on answering, telling each client to close its
   * connection (and the health check answering 503, so a balancer stops sending), before it
   * stops accepting connections.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(1),
  /**
   * On SIGTERM, after the drain: seconds the requests under way and then the running jobs get to
   * finish; what is left after it is cut (a job goes back to its queue).
   */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(1).max(3600).default(25),
  /** nodemailer transport URL, e.g. smtp://user:pass@host:587; unset means the dev outbox. */
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Pactum <no-reply@pactum.local>'),
  /**
   * Keep the dev outbox (/dev/outbox). Outside production it is on whenever SMTP_URL is unset;
   * in production only with this set, because it shows every link and code to anyone.
   */
  DEV_OUTBOX: booleanFlag,
  /** HTTP SMS gateway (POST JSON {to, text}); unset means SMS land in the dev outbox. */
  SMS_GATEWAY_URL: optionalString.pipe(z.url().optional()),
  SMS_GATEWAY_TOKEN: optionalString,
  SMS_SENDER: z.string().default('Pactum'),
  /** S3-compatible object storage; unset S3_BUCKET means files in DATA_DIR/files. */
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default('eu-north-1'),
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanFlag,
  /** Signs session cookies and e-mailed links; unset means one generated and kept in the database. */
  AUTH_SECRET: optionalString.pipe(z.string().min(32).optional()),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_DISCOVERY_URL: z
    .url()
    .default('https://accounts.google.com/.well-known/openid-configuration'),
  MICROSOFT_CLIENT_ID: optionalString,
  MICROSOFT_CLIENT_SECRET: optionalString,
  /** Use your tenant's URL (…/<tenant-id>/v2.0/…) so the token issuer can be checked. */
  MICROSOFT_DISCOVERY_URL: z
    .url()
    .default(
      'https://login.microsoftonline.com/organizations/v2.0/.well-known/openid-configuration',
    ),
  /** The operator's sealing certificate (PKCS#12, RSA key): a file, or the file in base64. */
  SEAL_P12_PATH: optionalString,
  SEAL_P12_BASE64: optionalString,
  SEAL_P12_PASSPHRASE: z.string().default(''),
  /** IP geolocation service for signing records, `{ip}` replaced by the address; unset: no lookup. */
  GEOIP_URL: optionalString.pipe(
    z
      .url()
      .refine((value) => value.includes('{ip}'), 'Put {ip} where the address goes')
      .optional(),
  ),
  /** E-mail domains of Pactum's own staff: only admins on these domains reach the admin area. */
  ADMIN_EMAIL_DOMAINS: z.string().default('pactum.fi'),
  /** Support's e-mail address, offered wherever users are asked to contact support. */
  SUPPORT_EMAIL: optionalString.pipe(
    z.email({ error: 'Use an e-mail address, e.g. support@example.com' }).optional(),
  ),
  /** The help / knowledge base the drawer's Knowledge base entry opens; unset hides the entry. */
  SUPPORT_HELP_URL: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: 'Use an http:// or https:// address' }).optional(),
  ),
  /**
   * A chat widget's script, loaded into the signed-in app; its origin is allowed in the Content
   * Security Policy only while this is set.
   */
  SUPPORT_CHAT_SCRIPT_URL: optionalString.pipe(
    z.url({ protocol: /^https$/, error: 'Use an https:// address of the script' }).optional(),
  ),
  /**
   * Stripe for card payments. Unset means the built-in test processor outside production, and
   * no card payments in production unless TEST_PAYMENTS is set.
   */
  STRIPE_SECRET_KEY: optionalString,
  /** The built-in test card processor in production (it sells credits for test cards). */
  TEST_PAYMENTS: booleanFlag,
  /**
   * A test time source: `POST /dev/clock` moves the alert and digest schedulers' clock forward.
   * On outside production; in production only with DEV_CLOCK=1 (browser journeys, never with
   * real users).
   */
  DEV_CLOCK: booleanFlag,
  /** The signing secret of the Stripe webhook endpoint ($PUBLIC_URL/api/v1/payments/webhooks/stripe). */
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Another Stripe API address (a stripe-mock or a recorded-payload server in tests). */
  STRIPE_API_URL: optionalString.pipe(z.url().optional()),
  /**
   * How long a card payment may stay unsettled (its answer lost to a crash, 3-D Secure not
   * finished, a webhook missing) before the reconciliation asks the processor how it ended.
   */
  PAYMENT_RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(1).default(120),
  /** Largest attachment or Word document a user may upload, in bytes. */
  ATTACHMENT_MAX_BYTES: z.coerce.number().int().min(1).default(10_485_760),
  /** Largest PDF a user may upload into the archive, in bytes (spec 1 §9: 24 MB). */
  ARCHIVE_MAX_BYTES: z.coerce.number().int().min(1).default(DEFAULT_ARCHIVE_MAX_BYTES),
  /**
   * Sign-ups from one IP address per hour, as a bucket: this many at once (an office behind
   * one address registering together), then one more each 3600/N seconds.
   */
  SIGN_UP_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(200),
  /**
   * Requests one API token may make per minute, as a bucket: this many at once, then one more
   * each 60/N seconds. Over it the token is answered 429 with Retry-After.
   */
  API_TOKEN_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Domains whose users must sign in with one provider: `example.com:google,corp.fi:microsoft`. */
  /**
   * Tests only: a named point where a job ends the process (crash tests), or `job-hold:<queue>`
   * where a job of that queue prints the point and its id and never finishes, for a test to kill
   * the process mid-run. Ignored in production.
   */
  PACTUM_CRASH_AT: optionalString,
  SSO_PROTECTED_DOMAINS: z
    .string()
    .default('')
    .refine(
      (value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean)
          .every((entry) => /^[a-z0-9.-]+\.[a-z]{2,}:(google|microsoft)$/i.test(entry)),
      'Use domain:google or domain:microsoft, comma separated',
    ),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  allowedOrigins: string[];
  trustProxy: boolean;
  logLevel: string;
  runWorkers: boolean;
  /** SIGTERM's drain and grace, in milliseconds (see SHUTDOWN_DRAIN_SECONDS, _GRACE_SECONDS). */
  shutdown: { drainMs: number; graceMs: number };
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The dev outbox pages exist and every e-mail is kept there (SMTP or not). */
  isDevOutboxEnabled: boolean;
  smsGateway: { url: string; token: string | undefined } | undefined;
  /** Without a gateway, text messages are kept in the dev outbox; false: they cannot be sent. */
  isSmsOutboxEnabled: boolean;
  smsSender: string;
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
  authSecret: string | undefined;
  sso: Partial<
    Record<SsoProvider, { clientId: string; clientSecret: string; discoveryUrl: string }>
  >;
  adminEmailDomains: string[];
  /** How users reach support (SUPPORT_*), as GET /api/v1/support tells them; null where unset. */
  support: { email: string | null; helpUrl: string | null; chatScriptUrl: string | null };
  /** The operator's sealing certificate; undefined means the self-signed one kept in the database. */
  sealP12: { p12: Uint8Array; passphrase: string } | undefined;
  /** IP geolocation URL template with `{ip}`; undefined means no lookup (geo is null). */
  geoIpUrl: string | undefined;
  stripe:
    | {
        secretKey: string;
        webhookSecret: string;
        api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
      }
    | undefined;
  /** The built-in test card processor takes payments (no Stripe). */
  isTestPaymentsEnabled: boolean;
  /** `POST /dev/clock` may move the schedulers' clock (tests; DEV_CLOCK=1 in production). */
  isClockMovable: boolean;
  /** Seconds before an unsettled card payment is reconciled with the processor. */
  paymentReconcileAfterSeconds: number;
  /** What this configuration exposes or lacks, for the start to log loudly (production only). */
  warnings: string[];
  /** Largest upload (attachment or Word import) in bytes. */
  attachmentMaxBytes: number;
  /** Largest PDF uploaded into the archive, in bytes. */
  archiveMaxBytes: number;
  /** Sign-ups one IP address may make per hour (a bucket of this size, refilled hourly). */
  signUpPerIpPerHour: number;
  /** Requests one API token may make per minute (a bucket of this size, refilled each minute). */
  apiTokenRequestsPerMinute: number;
  /** Protected single-sign-on domains and the provider each must use. */
  protectedDomains: Record<string, SsoProvider>;
  version: string;
  /** The crash point a test asked for (PACTUM_CRASH_AT); never set in production. */
  crashAt: string | undefined;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment once; a bad value stops the start with a list of what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: needed with STRIPE_SECRET_KEY (credits are granted by its webhooks)',
    );
  }
  if (e.SEAL_P12_PATH && e.SEAL_P12_BASE64) {
    throw new ConfigError(
      'Invalid configuration:\n  SEAL_P12_PATH: set either SEAL_P12_PATH or SEAL_P12_BASE64, not both',
    );
  }
  const isProduction = e.NODE_ENV === 'production';
  // Production fails closed: no dev outbox and no test processor unless asked for by name.
  if (isProduction && !e.SMTP_URL && !e.DEV_OUTBOX) {
    throw new ConfigError(
      'Invalid configuration:\n  SMTP_URL: needed in production, or e-mail (sign-up, password reset and signing links) cannot be delivered. Set SMTP_URL, or DEV_OUTBOX=1 to keep every e-mail in the dev outbox where anyone can read it (never with real users)',
    );
  }
  const isDevOutboxEnabled = isProduction ? e.DEV_OUTBOX : !e.SMTP_URL || e.DEV_OUTBOX;
  const isSmsOutboxEnabled = !e.SMS_GATEWAY_URL && (!isProduction || e.DEV_OUTBOX);
  const isTestPaymentsEnabled = !e.STRIPE_SECRET_KEY && (!isProduction || e.TEST_PAYMENTS);
  const isClockMovable = !isProduction || e.DEV_CLOCK;
  const warnings = isProduction
    ? [
        ...(isDevOutboxEnabled
          ? [
              'DEV_OUTBOX=1 in production: every e-mail and text message is kept in the dev outbox, and /dev/outbox and /dev/outbox.json show them, sign-in, password reset and signing links and codes included, to anyone without signing in. Anyone who reaches this server can take over any account.',
            ]
          : []),
        ...(isClockMovable
          ? [
              'DEV_CLOCK=1 in production: POST /dev/clock moves the clock document alerts and e-mail digests go by, so anyone can have every pending alert and digest sent now.',
            ]
          : []),
        ...(isTestPaymentsEnabled
          ? [
              'TEST_PAYMENTS=1 in production: the built-in test card processor is on, and anyone can buy credits with the test card 4242 4242 4242 4242 without paying.',
            ]
          : []),
        ...(!e.SMS_GATEWAY_URL && !isSmsOutboxEnabled
          ? ['SMS_GATEWAY_URL is not set: text messages (signing codes) cannot be delivered.']
          : []),
        ...(!e.STRIPE_SECRET_KEY && !isTestPaymentsEnabled
          ? ['STRIPE_SECRET_KEY is not set: card payments are off (buying credits answers 503).']
          : []),
      ]
    : [];
  const sealP12 = readSealP12(e.SEAL_P12_PATH, e.SEAL_P12_BASE64);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    allowedOrigins: [
      new URL(publicUrl).origin,
      ...e.ALLOWED_ORIGINS.split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ],
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    runWorkers: e.RUN_WORKERS,
    shutdown: {
      drainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
      graceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    isDevOutboxEnabled,
    smsGateway: e.SMS_GATEWAY_URL
      ? { url: e.SMS_GATEWAY_URL, token: e.SMS_GATEWAY_TOKEN }
      : undefined,
    isSmsOutboxEnabled,
    smsSender: e.SMS_SENDER,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    authSecret: e.AUTH_SECRET,
    sso: {
      ...(e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            google: {
              clientId: e.GOOGLE_CLIENT_ID,
              clientSecret: e.GOOGLE_CLIENT_SECRET,
              discoveryUrl: e.GOOGLE_DISCOVERY_URL,
            },
          }
        : {}),
      ...(e.MICROSOFT_CLIENT_ID && e.MICROSOFT_CLIENT_SECRET
        ? {
            microsoft: {
              clientId: e.MICROSOFT_CLIENT_ID,
              clientSecret: e.MICROSOFT_CLIENT_SECRET,
              discoveryUrl: e.MICROSOFT_DISCOVERY_URL,
            },
          }
        : {}),
    },
    adminEmailDomains: e.ADMIN_EMAIL_DOMAINS.split(',')
      .map((domain) => domain.trim().toLowerCase())
      .filter(Boolean),
    support: {
      email: e.SUPPORT_EMAIL ?? null,
      helpUrl: e.SUPPORT_HELP_URL ?? null,
      chatScriptUrl: e.SUPPORT_CHAT_SCRIPT_URL ?? null,
    },
    sealP12: sealP12 ? { p12: sealP12, passphrase: e.SEAL_P12_PASSPHRASE } : undefined,
    geoIpUrl: e.GEOIP_URL,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '',
          api: e.STRIPE_API_URL
            ? (() => {
                const url = new URL(e.STRIPE_API_URL);
                const protocol = url.protocol === 'http:' ? 'http' : 'https';
                return {
                  host: url.hostname,
                  port: Number(url.port || (protocol === 'http' ? 80 : 443)),
                  protocol,
                } as const;
              })()
            : undefined,
        }
      : undefined,
    isTestPaymentsEnabled,
    isClockMovable,
    paymentReconcileAfterSeconds: e.PAYMENT_RECONCILE_AFTER_SECONDS,
    warnings,
    attachmentMaxBytes: e.ATTACHMENT_MAX_BYTES,
    archiveMaxBytes: e.ARCHIVE_MAX_BYTES,
    signUpPerIpPerHour: e.SIGN_UP_PER_IP_PER_HOUR,
    apiTokenRequestsPerMinute: e.API_TOKEN_REQUESTS_PER_MINUTE,
    protectedDomains: Object.fromEntries(
      e.SSO_PROTECTED_DOMAINS.split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean)
        .map((entry) => entry.split(':') as [string, SsoProvider]),
    ),
    version: readVersion(),
    crashAt: e.NODE_ENV === 'production' ? undefined : e.PACTUM_CRASH_AT,
  };
}

/** The bytes of the operator's PKCS#12, from its file or its base64 text. */
function readSealP12(
  filePath: string | undefined,
  base64: string | undefined,
): Uint8Array | undefined {
  if (filePath) {
    try {
      return new Uint8Array(fs.readFileSync(path.resolve(filePath)));
    } catch (error) {
      throw new ConfigError(
        `Invalid configuration:\n  SEAL_P12_PATH: cannot read ${filePath} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
  }
  if (base64) {
    const bytes = Buffer.from(base64.replace(/\s/g, ''), 'base64');
    if (bytes.length === 0) {
      throw new ConfigError('Invalid configuration:\n  SEAL_P12_BASE64: not base64');
    }
    return new Uint8Array(bytes);
  }
  return undefined;
}

/** The release version, from the server package. */
function readVersion(): string {
  const file = path.join(serverRoot, 'package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}
