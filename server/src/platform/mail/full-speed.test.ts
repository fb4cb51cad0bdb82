import { like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { devOutbox } from '../../db/schema';
import { eventually } from '../../test/app';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { createJobs, type Jobs } from '../jobs/jobs';
import { createMail, MAIL_WORKERS, type Mail, mailQueueOf } from './mail';
import { createMailer, type Mailer } from './mailer';
import { mailTemplates } from './templates';

/*
 * Mails go out at full speed (issue 20): a worker takes the next job at once while its queue has
 * work and waits the polling interval only when a fetch finds the queue drained. The workers
 * here poll once a minute, so a pause after each mail would leave all but the first few mails
 * undelivered for the test's whole run.
 */

const IDLE_POLL_SECONDS = 60;

let database: TestDatabase;
/** The web process's side: it creates the queues and queues mails, and runs no jobs. */
let producer: Jobs;
let producerMail: Mail;
/** The worker process's side, started per test once the mails are queued. */
let worker: Jobs | undefined;
/** Deliveries made, per recipient. */
let deliveries: Map<string, number>;

const outboxMailer = () =>
  createMailer({ database, from: 'pactum@example.test', smtpUrl: undefined, isOutboxKept: true });

/** A worker process with the mail queues, delivering through `mailer`, counting deliveries. */
async function startWorker(mailer: Mailer) {
  worker = createJobs(database, { pollingIntervalSeconds: IDLE_POLL_SECONDS });
  createMail(worker, {
    kind: mailer.kind,
    async deliver(key, mail) {
      deliveries.set(mail.to, (deliveries.get(mail.to) ?? 0) + 1);
      await mailer.deliver(key, mail);
    },
  });
  await worker.start({ isWorker: true });
  return worker;
}

async function queueInvites(count: number, domain: string) {
  await database.db.transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      await producerMail.queue(tx, {
        to: `receiver-${i}@${domain}`,
        template: 'deal-invite',
        lang: 'en',
        vars: {
          sender: 'Sender',
          title: 'Supply agreement',
          receiver: `Receiver ${i}`,
          message: null,
          url: 'http://localhost:3000/deals',
        },
      });
    }
  });
}

const outboxTo = async (domain: string) =>
  database.db
    .select({ to: devOutbox.to })
    .from(devOutbox)
    .where(like(devOutbox.to, `%@${domain}`));

beforeAll(async () => {
  database = await createTestDatabase();
  producer = createJobs(database, { pollingIntervalSeconds: IDLE_POLL_SECONDS });
  producerMail = createMail(producer, outboxMailer());
  await producer.start({ isWorker: false });
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});
afterAll(async () => {
  await producer?.stop();
  await database?.close();
});

describe('mail at full speed', () => {
  it('delivers 100 queued mails each exactly once without a polling pause between them', async () => {
    deliveries = new Map();
    await queueInvites(100, 'crowd.test');
    const jobs = await startWorker(outboxMailer());

    const delivered = await eventually(async () => {
      const rows = await outboxTo('crowd.test');
      return rows.length === 100 ? rows : undefined;
    }, 25_000);
    expect(new Set(delivered.map((row) => row.to)).size).toBe(100);
    expect(deliveries.size).toBe(100);
    expect([...deliveries.values()].every((count) => count === 1)).toBe(true);

    const stats = jobs.workStats('mail.send');
    expect(stats?.jobs).toBe(100);
    // One fetch brings several mails at first, then one each time a delivery ends: never more
    // fetches than mails, and at most one wait, once the queue is drained.
    expect(stats?.fetches).toBeLessThanOrEqual(100 - MAIL_WORKERS + 2);
    expect(stats?.idleWaits).toBeLessThanOrEqual(1);
  });

  it('delivers a verification and a reset mail while a big invite send waits for them', async () => {
    deliveries = new Map();
    const mailer = outboxMailer();
    let accountMailsLeft = 2;
    let releaseInvites = () => {};
    const accountMailsDelivered = new Promise<void>((resolve) => {
      releaseInvites = resolve;
    });
    // The invites cannot be delivered before both account mails: on one shared queue the
    // invites, queued first, would take every worker and wait forever.
    const blockingMailer: Mailer = {
      kind: mailer.kind,
      async deliver(key, mail) {
        if (mail.to.endsWith('@big-send.test')) {
          await accountMailsDelivered;
        }
        await mailer.deliver(key, mail);
        if (mail.to.endsWith('@account.test')) {
          accountMailsLeft -= 1;
          if (accountMailsLeft === 0) releaseInvites();
        }
      },
    };
    await queueInvites(100, 'big-send.test');
    await database.db.transaction(async (tx) => {
      await producerMail.queue(tx, {
        to: 'newcomer@account.test',
        template: 'verify-email',
        lang: 'en',
        vars: { name: 'Newcomer', url: 'http://localhost:3000/verify/email' },
      });
      await producerMail.queue(tx, {
        to: 'forgetful@account.test',
        template: 'reset-password',
        lang: 'fi',
        vars: { url: 'http://localhost:3000/verify/email' },
      });
    });
    await startWorker(blockingMailer);

    await eventually(
      async () => ((await outboxTo('big-send.test')).length === 100 ? true : undefined),
      25_000,
    );
    expect((await outboxTo('account.test')).map((row) => row.to).sort()).toEqual([
      'forgetful@account.test',
      'newcomer@account.test',
    ]);
    expect([...deliveries.values()].every((count) => count === 1)).toBe(true);
  });

  it('puts every mail a person waits for to sign up or sign in on the account queue', () => {
    expect(Object.keys(mailQueueOf).sort()).toEqual(Object.keys(mailTemplates).sort());
    const account = Object.entries(mailQueueOf)
      .filter(([, queue]) => queue === 'account')
      .map(([name]) => name)
      .sort();
    expect(account).toEqual(['reset-password', 'verify-email']);
  });
});
