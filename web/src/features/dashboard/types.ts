import type {
  feedItemSchema,
  homeAlertSchema,
  homeAlertsSchema,
  homeDocumentSchema,
  homeDocumentsSchema,
  toSignItemSchema,
  toSignListSchema,
} from '@pactum/core/api/dashboard';
import type { Wire } from '@pactum/core/api/wire';

/** A row of a document widget: a deal or a draft. */
export type HomeDocument = Wire<typeof homeDocumentSchema>;
export type HomeDocuments = Wire<typeof homeDocumentsSchema>;
/** A signature the user still has to give. */
export type ToSignItem = Wire<typeof toSignItemSchema>;
export type ToSignList = Wire<typeof toSignListSchema>;
/** A pending document alert of the user. */
export type HomeAlert = Wire<typeof homeAlertSchema>;
export type HomeAlerts = Wire<typeof homeAlertsSchema>;
/** A line of 'Latest changes by others'. */
export type FeedItem = Wire<typeof feedItemSchema>;
