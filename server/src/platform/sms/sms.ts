import { randomUUID } from 'node:crypto';
import type { Database, DbOrTx } from '../../db/client';
import { devOutbox } from '../../db/schema';
import { defineJob, type Jobs } from '../jobs/jobs';

export type OutgoingSms = { to: string; text: string };

/** Hands a text message to its way out. `key` is stable across retries of one message. */
export type SmsSender = {
  readonly kind: 'gateway' | 'outbox' | 'none';
  deliver(key: string, sms: OutgoingSms): Promise<void>;
};

/** Keeps messages in the dev outbox, marked as SMS with the phone number as recipient. */
export function createOutboxSms(database: Database): SmsSender {
  return {
    kind: 'outbox',
    async deliver(key, sms) {
      await database.db
        .insert(devOutbox)
        .values({ messageKey: `sms:${key}`, kind: 'sms', to: sms.to, text: sms.text })
        .onConflictDoNothing({ target: devOutbox.messageKey });
    },
  };
}

/**
 * Neither a gateway nor the dev outbox (production without SMS_GATEWAY_URL): each delivery
 * fails, so the job's retries and the log say why, and no message is kept anywhere.
 */
export function createUnavailableSms(): SmsSender {
  return {
    kind: 'none',
    async deliver() {
      throw new Error('No SMS gateway is configured (SMS_GATEWAY_URL)');
    },
  };
}

/**
 * A plain HTTP gateway: POST JSON `{ to, text, from, reference }` with a bearer token; any
 * 2xx is delivered. The reference lets a gateway drop a retried duplicate.
 */
export function createGatewaySms(gateway: {
  url: string;
  token: string | undefined;
  sender: string;
}): SmsSender {
  return {
    kind: 'gateway',
    async deliver(key, sms) {
      const response = await fetch(gateway.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(gateway.token ? { authorization: `Bearer ${gateway.token}` } : {}),
        },
        body: JSON.stringify({ to: sms.to, text: sms.text, from: gateway.sender, reference: key }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}

export type Sms = {
  /** Queues a text message in the caller's transaction; a job delivers it after commit. */
  queue(tx: DbOrTx, sms: OutgoingSms): Promise<string>;
};

export function createSms(jobs: Jobs, sender: SmsSender): Sms {
  const sendSms = defineJob<OutgoingSms & { key: string }>({
    name: 'sms.send',
    retryLimit: 5,
    retryDelaySeconds: 5,
    // One gateway request, which gives up after 15 s: twice that is plenty.
    expireInSeconds: 30,
    // Signing codes someone waits for; a gateway request mostly waits on the network.
    workers: 2,
    async handle(data) {
      await sender.deliver(data.key, { to: data.to, text: data.text });
    },
  });
  jobs.register(sendSms);
  return {
    async queue(tx, sms) {
      const key = randomUUID();
      await jobs.enqueue(tx, sendSms, { key, ...sms });
      return key;
    },
  };
}
