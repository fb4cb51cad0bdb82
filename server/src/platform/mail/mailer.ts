import nodemailer from 'nodemailer';
import type { Database } from '../../db/client';
import { devOutbox } from '../../db/schema';

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines (List-Unsubscribe); the dev outbox keeps the message without them. */
  headers?: Record<string, string>;
};

/** Hands a finished message to its way out. `key` is stable across retries of one message. */
export type Mailer = {
  readonly kind: 'smtp' | 'outbox';
  deliver(key: string, mail: OutgoingMail): Promise<void>;
};

/**
 * How long an SMTP delivery may wait, in milliseconds, so that a mail server that hangs fails
 * the delivery (retried) well inside the mail job's expiry of 60 s. nodemailer's own defaults
 * (2 minutes to connect, 10 minutes of silence) outlast it. The URL's query can override them.
 */
export const SMTP_TIMEOUTS = {
  /** DNS lookup and connecting, together. */
  connectionTimeout: 10_000,
  /** The server's greeting after connecting. */
  greetingTimeout: 10_000,
  /** Silence on the connection at any later step. */
  socketTimeout: 20_000,
};

/**
 * SMTP through nodemailer when `smtpUrl` is set; otherwise (and also when `isOutboxKept`) the
 * message is built by nodemailer and kept in the dev outbox table. Without SMTP the outbox must
 * be kept.
 */
export function createMailer(options: {
  database: Database;
  from: string;
  smtpUrl: string | undefined;
  isOutboxKept: boolean;
}): Mailer {
  // The config refuses this in production; nothing else may make mail vanish silently.
  if (!options.smtpUrl && !options.isOutboxKept) throw new Error('No SMTP_URL and no dev outbox');
  // No connection is made here: an unreachable SMTP server fails deliveries (retried), not the start.
  const smtp = options.smtpUrl
    ? nodemailer.createTransport({ ...SMTP_TIMEOUTS, url: options.smtpUrl })
    : undefined;
  const builder = nodemailer.createTransport({ jsonTransport: true });

  const keep = async (key: string, mail: OutgoingMail) => {
    // Building the message validates the addresses the same way SMTP sending would.
    await builder.sendMail({ from: options.from, ...mail });
    const { headers: _headers, ...stored } = mail;
    await options.database.db
      .insert(devOutbox)
      .values({ messageKey: `mail:${key}`, kind: 'email', ...stored })
      .onConflictDoNothing({ target: devOutbox.messageKey });
  };

  return {
    kind: smtp ? 'smtp' : 'outbox',
    async deliver(key, mail) {
      if (smtp) {
        await smtp.sendMail({ from: options.from, messageId: `<${key}@pactum>`, ...mail });
        if (options.isOutboxKept) await keep(key, mail);
        return;
      }
      await keep(key, mail);
    },
  };
}
