import { describe, expect, it } from 'vitest';
import { createWebhookSchema, webhookPayloadSchema } from './webhooks';

describe('createWebhookSchema', () => {
  it('takes a URL, a description and one or more known events, each once', () => {
    expect(
      createWebhookSchema.parse({
        url: ' https://hooks.example.com/pactum ',
        events: ['deal.created', 'deal.trashed', 'deal.created'],
      }),
    ).toEqual({
      url: 'https://hooks.example.com/pactum',
      description: '',
      events: ['deal.created', 'deal.trashed'],
    });
  });

  it('refuses no events, unknown events, the test event and unknown fields', () => {
    const url = 'https://hooks.example.com/';
    for (const input of [
      { url, events: [] },
      { url, events: ['deal.updated'] },
      { url, events: ['webhook.test'] },
      { url, events: ['deal.created'], secret: 'whsec_mine' },
      { url: '', events: ['deal.created'] },
    ]) {
      expect(createWebhookSchema.safeParse(input).success).toBe(false);
    }
  });
});

describe('webhookPayloadSchema', () => {
  const deal = {
    dealId: '3f1c7a52-2c1e-4a8e-9a0b-6d0f1c2b3a4d',
    title: 'Service agreement',
    contractId: 'DSACMBET3F1C',
    state: 'signed',
    parties: { sender: 'Acme Oy', receiver: 'Beta Ab' },
  };

  it('reads a document.signed event with the sealed PDF’s hash and link', () => {
    const event = {
      type: 'document.signed',
      timestamp: '2025-05-01T10:00:00.000Z',
      data: {
        ...deal,
        sha256: 'a'.repeat(64),
        downloadUrl: `https://pactum.example.com/api/v1/deals/${deal.dealId}/signed-pdf`,
      },
    };
    expect(webhookPayloadSchema.parse(event)).toEqual(event);
  });

  it('holds each type to its own data', () => {
    expect(
      webhookPayloadSchema.safeParse({
        type: 'section.agreed',
        timestamp: '2025-05-01T10:00:00.000Z',
        data: deal,
      }).success,
    ).toBe(false);
  });
});
