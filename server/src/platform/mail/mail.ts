import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { defineJob, type Jobs } from '../jobs/jobs';
import type { Mailer } from './mailer';
import { type MailLang, type MailTemplateName, type MailVars, renderMail } from './templates';

type MailJobData = {
  key: string;
  to: string;
  template: MailTemplateName;
  lang: MailLang;
  vars: object;
};

export type Mail = {
  /**
   * Queues an e-mail in the caller's transaction; a job renders and delivers it after commit,
   * retrying with backoff when the mail server fails. Returns the job id.
   */
  queue<N extends MailTemplateName>(
    tx: DbOrTx,
    input: { to: string; template: N; lang: MailLang; vars: MailVars<N> },
  ): Promise<string>;
};

export function createMail(jobs: Jobs, mailer: Mailer): Mail {
  const sendMail = defineJob<MailJobData>({
    name: 'mail.send',
    retryLimit: 8,
    retryDelaySeconds: 30,
    async handle(data) {
      const rendered = renderMail(data.template, data.lang, data.vars as never);
      await mailer.deliver(data.key, { to: data.to, ...rendered });
    },
  });
  jobs.register(sendMail);
  return {
    async queue(tx, input) {
      return jobs.enqueue(tx, sendMail, {
        key: randomUUID(),
        to: input.to,
        template: input.template,
        lang: input.lang,
        vars: input.vars as object,
      });
    },
  };
}
