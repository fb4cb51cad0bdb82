import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cardDeclinedError, paymentIntent } from '../features/workspaces/fixtures/stripe-payloads';

type Intent = ReturnType<typeof paymentIntent>;

/** The secret key the recorded server accepts. */
export const RECORDED_STRIPE_KEY = 'sk_test_recorded';

export type RecordedStripe = {
  /** `STRIPE_API_URL` for the server under test. */
  url: string;
  intents: Map<string, Intent>;
  /** How many times each intent's card was charged: a retry must never make it two. */
  charges: Map<string, number>;
  close(): Promise<void>;
};

/**
 * Answers like Stripe's API, with recorded payloads, for the calls the adapter makes: create an
 * intent (unconfirmed), confirm it, retrieve it, cancel it. Idempotency keys replay the first
 * answer, as Stripe does. Test payment methods: `pm_card_visa` pays,
 * `pm_card_threeDSecure2Required` needs 3-D Secure, `pm_card_chargeDeclined` is declined.
 */
export async function startRecordedStripe(): Promise<RecordedStripe> {
  const intents = new Map<string, Intent>();
  const charges = new Map<string, number>();
  const replies = new Map<string, { status: number; body: unknown }>();

  const answer = (request: http.IncomingMessage, form: URLSearchParams) => {
    if (request.headers.authorization !== `Bearer ${RECORDED_STRIPE_KEY}`) {
      return {
        status: 401,
        body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
      };
    }
    const path = request.url?.split('?')[0] ?? '';
    if (request.method === 'POST' && path === '/v1/payment_intents') {
      const intent = paymentIntent({
        id: `pi_${randomUUID().replaceAll('-', '').slice(0, 24)}`,
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? 'eur',
        status: 'requires_confirmation',
        paymentId: form.get('metadata[paymentId]') ?? '',
        paymentMethod: form.get('payment_method') ?? '',
      });
      intents.set(intent.id, intent);
      return { status: 200, body: intent };
    }
    const match = path.match(/^\/v1\/payment_intents\/(pi_\w+)(?:\/(confirm|cancel))?$/);
    const intent = match?.[1] ? intents.get(match[1]) : undefined;
    if (!intent) {
      return {
        status: 404,
        body: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } },
      };
    }
    if (request.method === 'GET' && !match?.[2]) return { status: 200, body: intent };
    if (request.method === 'POST' && match?.[2] === 'confirm') {
      if (intent.status !== 'requires_confirmation') {
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', message: 'Already confirmed' } },
        };
      }
      const method = intent.payment_method.id;
      if (method === 'pm_card_chargeDeclined') {
        Object.assign(intent, {
          status: 'requires_payment_method',
          last_payment_error: { message: cardDeclinedError.error.message },
        });
        return {
          status: 402,
          body: { error: { ...cardDeclinedError.error, payment_intent: intent } },
        };
      }
      const next = paymentIntent({
        id: intent.id,
        amount: intent.amount,
        currency: intent.currency,
        status: method === 'pm_card_threeDSecure2Required' ? 'requires_action' : 'succeeded',
        paymentId: intent.metadata.paymentId,
        paymentMethod: method,
      });
      intents.set(intent.id, next);
      if (next.status === 'succeeded') charges.set(intent.id, (charges.get(intent.id) ?? 0) + 1);
      return { status: 200, body: next };
    }
    if (request.method === 'POST' && match?.[2] === 'cancel') {
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `This PaymentIntent's status is ${intent.status}.`,
            },
          },
        };
      }
      Object.assign(intent, { status: 'canceled' });
      return { status: 200, body: intent };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } },
    };
  };

  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      const key = request.headers['idempotency-key'];
      const replayKey = typeof key === 'string' ? `${request.method} ${request.url} ${key}` : '';
      const reply =
        (replayKey && replies.get(replayKey)) || answer(request, new URLSearchParams(raw));
      if (replayKey) replies.set(replayKey, reply);
      response.writeHead(reply.status, {
        'content-type': 'application/json',
        'request-id': 'req_test',
      });
      response.end(JSON.stringify(reply.body));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    charges,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
