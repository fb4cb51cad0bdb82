import type {
  createdWebhookSchema,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
} from '@pactum/core/api/webhooks';
import type { Wire } from '@pactum/core/api/wire';

// The web's names for the answers of the webhook API (the wire side of the server's schemas).

/** One endpoint of GET /api/v1/workspaces/:id/webhooks (never its secret). */
export type WebhookEndpoint = Wire<typeof webhookEndpointSchema>;
/** The answer of registering an endpoint: the one time its secret is shown. */
export type CreatedWebhook = Wire<typeof createdWebhookSchema>;
export type WebhookDelivery = Wire<typeof webhookDeliverySchema>;
export type WebhookDeliveryPage = Wire<typeof webhookDeliveryPageSchema>;
