import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  newWebhookMessageId,
  newWebhookSecret,
  signWebhook,
  verifyWebhook,
  webhookHeaders,
} from './signature';

describe('Standard Webhooks signatures', () => {
  const secret = newWebhookSecret();
  const body = JSON.stringify({ type: 'webhook.test', timestamp: '2025-01-01T00:00:00.000Z' });
  const now = new Date('2025-01-01T12:00:00Z');

  it('makes secrets and ids of the documented shape', () => {
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24);
    expect(newWebhookMessageId()).toMatch(/^msg_[A-Za-z0-9_-]{22}$/);
    expect(newWebhookMessageId()).not.toBe(newWebhookMessageId());
  });

  it('signs id.timestamp.body with the base64-decoded secret (the README recipe)', () => {
    const headers = webhookHeaders(secret, { id: 'msg_1', body }, now);
    expect(headers['webhook-timestamp']).toBe(String(now.getTime() / 1000));
    const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
    const mac = createHmac('sha256', key)
      .update(`msg_1.${headers['webhook-timestamp']}.${body}`)
      .digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${mac}`);
  });

  it('matches the Standard Webhooks reference vector', () => {
    // From the specification's test suite (standard-webhooks/libraries).
    expect(
      signWebhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', {
        id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
        timestamp: 1614265330,
        body: '{"test": 2432232314}',
      }),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('verifies a genuine delivery and refuses a changed body, secret, id or an old timestamp', () => {
    const headers = webhookHeaders(secret, { id: 'msg_1', body }, now);
    expect(verifyWebhook(secret, headers, body, 300, now)).toBe(true);
    expect(verifyWebhook(secret, headers, `${body} `, 300, now)).toBe(false);
    expect(verifyWebhook(newWebhookSecret(), headers, body, 300, now)).toBe(false);
    expect(verifyWebhook(secret, { ...headers, 'webhook-id': 'msg_2' }, body, 300, now)).toBe(
      false,
    );
    const later = new Date(now.getTime() + 301_000);
    expect(verifyWebhook(secret, headers, body, 300, later)).toBe(false);
    expect(verifyWebhook(secret, {}, body, 300, now)).toBe(false);
  });

  it('accepts one matching signature among several (a secret rotation), and Fetch headers', () => {
    const headers = webhookHeaders(secret, { id: 'msg_1', body }, now);
    const several = {
      ...headers,
      'webhook-signature': `v1,bm90IGl0 ${headers['webhook-signature']}`,
    };
    expect(verifyWebhook(secret, several, body, 300, now)).toBe(true);
    expect(verifyWebhook(secret, new Headers(headers), body, 300, now)).toBe(true);
  });
});
