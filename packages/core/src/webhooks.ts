import { z } from 'zod';
import { dealStates, partyRoles } from './documents';
import { messageKey, optionalText, plainText } from './validation';

/*
 * Signed webhooks (issue 18): a workspace administrator registers HTTPS endpoints for events of
 * the deals the workspace is a party to. Each event is POSTed as JSON
 * `{ type, timestamp, data }` and signed as Standard Webhooks sign it (headers `webhook-id`,
 * `webhook-timestamp`, `webhook-signature`); the server's `features/webhooks/signature.ts` holds
 * the signer and the verifier, and the README the recipe a receiver follows.
 */

/** The events an endpoint can subscribe to. */
export const webhookEventTypes = [
  'deal.created',
  'section.agreed',
  'signing.started',
  'document.signed',
  'deal.declined',
  'deal.trashed',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** The event of the 'Send test event' button: sent to one endpoint whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Every `type` a delivery can carry. */
export const webhookDeliveryTypes = [...webhookEventTypes, WEBHOOK_TEST_EVENT] as const;
export type WebhookDeliveryType = (typeof webhookDeliveryTypes)[number];

/** What a delivery log row is: pending (queued or retrying), delivered (2xx), failed (gave up). */
export const webhookDeliveryStates = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof webhookDeliveryStates)[number];

/** Rows of the delivery log a page shows. */
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;

/** The deal an event is about, as both parties know it. */
export const webhookDealSchema = z.object({
  dealId: z.uuid(),
  title: z.string(),
  /** The contract id printed on the contract (the deal's own or the default one). */
  contractId: z.string(),
  /** The deal's state right after the event. */
  state: z.enum(dealStates),
  /** The parties' names. */
  parties: z.object({ sender: z.string(), receiver: z.string() }),
});
export type WebhookDeal = z.infer<typeof webhookDealSchema>;

/** The data of each event type. */
export const webhookEventDataSchemas = {
  'deal.created': webhookDealSchema,
  'section.agreed': webhookDealSchema.extend({
    /** The section both parties now agree on. */
    section: z.object({ id: z.uuid(), title: z.string() }),
  }),
  'signing.started': webhookDealSchema,
  'document.signed': webhookDealSchema.extend({
    /** SHA-256 (hex) of the sealed PDF's bytes. */
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    /** The signed PDF (GET with a session or an API token that reaches the deal). */
    downloadUrl: z.url(),
  }),
  'deal.declined': webhookDealSchema.extend({
    /** Who declined to sign, for which party, when and why; the deal is back in negotiation. */
    declined: z.object({
      by: z.string(),
      party: z.enum(partyRoles),
      reason: z.string(),
      at: z.iso.datetime(),
    }),
  }),
  'deal.trashed': webhookDealSchema,
  'webhook.test': z.object({ endpointId: z.uuid(), message: z.string() }),
} as const satisfies Record<WebhookDeliveryType, z.ZodType>;

export type WebhookEventData<T extends WebhookDeliveryType> = z.infer<
  (typeof webhookEventDataSchemas)[T]
>;

/** One event's envelope for type `T`. */
function envelope<T extends WebhookDeliveryType>(type: T) {
  return z.object({
    type: z.literal(type),
    /** When the event happened (ISO 8601, UTC); retries carry the same. */
    timestamp: z.iso.datetime(),
    /**
     * The event's place among its deal's events to this endpoint: 1, 2, 3... in the order they
     * happened, delivered in that order (issue 36). None on `webhook.test`.
     */
    sequence: z.number().int().positive().optional(),
    data: webhookEventDataSchemas[type],
  });
}

/**
 * The JSON body of every delivery: `{ type, timestamp, sequence, data }`. The body is fixed when the event
 * happens, so every retry sends (and signs) the same bytes.
 */
export const webhookPayloadSchema = z.discriminatedUnion('type', [
  envelope('deal.created'),
  envelope('section.agreed'),
  envelope('signing.started'),
  envelope('document.signed'),
  envelope('deal.declined'),
  envelope('deal.trashed'),
  envelope('webhook.test'),
]);
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

/** POST /api/v1/workspaces/:workspaceId/webhooks: an endpoint and the events it receives. */
export const createWebhookSchema = z.strictObject({
  /** https:// (http:// outside production); checked further by the server. */
  url: plainText()
    .trim()
    .min(1, messageKey('required'))
    .max(2000, messageKey('maxLength', { n: 2000 })),
  description: optionalText(250).default(''),
  events: z
    .array(z.enum(webhookEventTypes))
    .min(1, messageKey('choice'))
    .max(webhookEventTypes.length)
    .transform((events) => [...new Set(events)]),
});
export type CreateWebhook = z.input<typeof createWebhookSchema>;
