import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { defineJob, type JobContext, type Jobs } from '../jobs/jobs';
import type { Mailer } from './mailer';
import { type MailLang, type MailTemplateName, type MailVars, renderMail } from './templates';

/** Names the record a mail belongs to, so its owner hears when the mail was handed over. */
export type MailRef = { kind: string; id: string };

type MailJobData = {
  key: string;
  to: string;
  template: MailTemplateName;
  lang: MailLang;
  vars: object;
  ref?: MailRef;
};

/**
 * What became of a mail: `delivered` when the mail server accepted it, `bounced` when it
 * refused the recipient for good (SMTP 5xx to RCPT TO; not retried), `failed` when the last
 * retry failed.
 */
export type MailOutcome = 'delivered' | 'bounced' | 'failed';

/** Hears the outcome of a mail that carried a `ref` of the handler's kind. */
export type MailOutcomeHandler = (id: string, outcome: MailOutcome) => Promise<void>;

const RETRY_LIMIT = 8;

/**
 * A delivery is one SMTP conversation (or one outbox row): seconds. A minute leaves room for the
 * SMTP timeouts (`SMTP_TIMEOUTS`), so a hung server fails the delivery before it expires.
 */
const EXPIRE_IN_SECONDS = 60;

/**
 * Which queue each template's mails take. `account`: mails a person waits for at sign-up and
 * sign-in (verification, also of a changed address, and password reset); they have a queue and
 * workers of their own, so a flood of mails to others (shares, invites, notifications) on the
 * general queue cannot hold them up. (Signing codes go by SMS, on the SMS queue.) Every template
 * is listed: a new one must choose.
 */
export const mailQueueOf: Readonly<Record<MailTemplateName, 'account' | 'general'>> = {
  'test-delivery': 'general',
  'verify-email': 'account',
  'reset-password': 'account',
  'workspace-invite': 'general',
  'deal-invite': 'general',
  'signing-request': 'general',
  'signing-declined': 'general',
  'signing-withdrawn': 'general',
  'signing-reminder': 'general',
  'signed-document': 'general',
  'document-shared': 'general',
  'document-alert': 'general',
  'notification-digest': 'general',
};

/**
 * Deliveries side by side per worker process. A delivery mostly waits on the mail server (one
 * SMTP conversation), so the general queue runs several: a send to 100 receivers goes out in a
 * few rounds, not one mail after another. The account queue is seldom busy; two keep one slow
 * delivery from holding the next.
 */
export const MAIL_WORKERS = 8;
export const ACCOUNT_MAIL_WORKERS = 2;

/** The SMTP server refused the recipient with a permanent (5xx) answer to RCPT TO. */
function isPermanentRejection(error: unknown): boolean {
  const { code, command, responseCode } = (error ?? {}) as Record<string, unknown>;
  return (
    code === 'EENVELOPE' &&
    command === 'RCPT TO' &&
    typeof responseCode === 'number' &&
    responseCode >= 500
  );
}

export type Mail = {
  /**
   * Queues an e-mail in the caller's transaction; a job renders and delivers it after commit,
   * retrying with backoff when the mail server fails. Returns the job id.
   */
  queue<N extends MailTemplateName>(
    tx: DbOrTx,
    input: { to: string; template: N; lang: MailLang; vars: MailVars<N>; ref?: MailRef },
  ): Promise<string>;
  /**
   * Registers what happens when a mail with a `ref` of this kind was delivered, bounced or
   * failed (e.g. an invite's mail status). A failing handler is logged away: the mail is not
   * sent again for it.
   */
  onOutcome(kind: string, handler: MailOutcomeHandler): void;
  /**
   * Registers a check made just before each delivery (and each retry) of a mail with a `ref`
   * of this kind: when it answers false the mail is dropped unsent, with no outcome (e.g. an
   * invite removed while its mail still waited in the queue).
   */
  onBeforeSend(kind: string, isStillWanted: MailWantedCheck): void;
};

/** Whether the record a queued mail belongs to still wants it sent. */
export type MailWantedCheck = (id: string) => Promise<boolean>;

export function createMail(
  jobs: Jobs,
  mailer: Mailer,
  options: { onError?: (error: Error) => void } = {},
): Mail {
  const handlers = new Map<string, MailOutcomeHandler>();
  const wantedChecks = new Map<string, MailWantedCheck>();
  const report = async (ref: MailRef | undefined, outcome: MailOutcome) => {
    const handler = ref ? handlers.get(ref.kind) : undefined;
    if (!ref || !handler) return;
    await handler(ref.id, outcome).catch((error: unknown) => {
      options.onError?.(error instanceof Error ? error : new Error(String(error)));
    });
  };
  const deliver = async (data: MailJobData, context: JobContext) => {
    const isWanted = data.ref ? wantedChecks.get(data.ref.kind) : undefined;
    if (data.ref && isWanted && !(await isWanted(data.ref.id))) return;
    const rendered = renderMail(data.template, data.lang, data.vars as never);
    try {
      await mailer.deliver(data.key, { to: data.to, ...rendered });
    } catch (error) {
      // A refused address stays refused: record the bounce instead of retrying.
      if (isPermanentRejection(error)) return report(data.ref, 'bounced');
      if (context.retryCount >= RETRY_LIMIT) await report(data.ref, 'failed');
      throw error;
    }
    await report(data.ref, 'delivered');
  };
  const sendMail = defineJob<MailJobData>({
    name: 'mail.send',
    retryLimit: RETRY_LIMIT,
    retryDelaySeconds: 30,
    expireInSeconds: EXPIRE_IN_SECONDS,
    workers: MAIL_WORKERS,
    handle: deliver,
  });
  const sendAccountMail = defineJob<MailJobData>({
    name: 'mail.deliver-account',
    retryLimit: RETRY_LIMIT,
    retryDelaySeconds: 30,
    expireInSeconds: EXPIRE_IN_SECONDS,
    workers: ACCOUNT_MAIL_WORKERS,
    handle: deliver,
  });
  jobs.register(sendMail);
  jobs.register(sendAccountMail);
  return {
    async queue(tx, input) {
      const job = mailQueueOf[input.template] === 'account' ? sendAccountMail : sendMail;
      return jobs.enqueue(tx, job, {
        key: randomUUID(),
        to: input.to,
        template: input.template,
        lang: input.lang,
        vars: input.vars as object,
        ...(input.ref ? { ref: input.ref } : {}),
      });
    },
    onOutcome(kind, handler) {
      handlers.set(kind, handler);
    },
    onBeforeSend(kind, isStillWanted) {
      wantedChecks.set(kind, isStillWanted);
    },
  };
}
