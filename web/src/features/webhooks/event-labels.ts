import type { WebhookDeliveryType } from '@pactum/core/webhooks';

/** The translation key (under `webhooks.events`) of each event type. */
export const webhookEventKeys = {
  'deal.created': 'dealCreated',
  'section.agreed': 'sectionAgreed',
  'signing.started': 'signingStarted',
  'document.signed': 'documentSigned',
  'deal.declined': 'dealDeclined',
  'deal.trashed': 'dealTrashed',
  'webhook.test': 'test',
} as const satisfies Record<WebhookDeliveryType, string>;

/** The key of a delivery's event type as the server sent it (a newer type: undefined). */
export function webhookEventKey(type: string) {
  return Object.hasOwn(webhookEventKeys, type)
    ? webhookEventKeys[type as WebhookDeliveryType]
    : undefined;
}
