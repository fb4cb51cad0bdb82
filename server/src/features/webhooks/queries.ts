import type { WebhookDeliveryType } from '@pactum/core/webhooks';
import { and, count, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deals, documentAccess, webhookDeliveries, webhookEndpoints } from '../../db/schema';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** The workspace's endpoints that are not deleted, newest first. */
export function listEndpoints(db: DbOrTx, workspaceId: string): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, workspaceId), isNull(webhookEndpoints.deletedAt)))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
}

/** One endpoint of the workspace that is not deleted. */
export async function findEndpoint(
  db: DbOrTx,
  options: { workspaceId: string; webhookId: string },
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.id, options.webhookId),
        eq(webhookEndpoints.workspaceId, options.workspaceId),
        isNull(webhookEndpoints.deletedAt),
      ),
    );
  return row;
}

const isLive = (type: WebhookDeliveryType) =>
  and(
    isNull(webhookEndpoints.deletedAt),
    sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`,
  );

/** The live endpoints of these workspaces that subscribe to `type`. */
export function subscribedEndpoints(
  db: DbOrTx,
  options: { workspaceIds: string[]; type: WebhookDeliveryType },
): Promise<Pick<WebhookEndpointRow, 'id' | 'workspaceId'>[]> {
  if (options.workspaceIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: webhookEndpoints.id, workspaceId: webhookEndpoints.workspaceId })
    .from(webhookEndpoints)
    .where(and(inArray(webhookEndpoints.workspaceId, options.workspaceIds), isLive(options.type)));
}

/**
 * The live endpoints subscribing to `type` of the workspaces that are a party to a deal: the
 * sender's (the deal's own workspace) and the receiver's, when a workspace reaches the deal on
 * the receiver's side. One query, as it runs on every deal event.
 */
export function subscribedDealEndpoints(
  db: DbOrTx,
  options: { dealId: string; type: WebhookDeliveryType },
): Promise<Pick<WebhookEndpointRow, 'id' | 'workspaceId'>[]> {
  return db
    .select({ id: webhookEndpoints.id, workspaceId: webhookEndpoints.workspaceId })
    .from(webhookEndpoints)
    .where(
      and(
        isLive(options.type),
        or(
          inArray(
            webhookEndpoints.workspaceId,
            db
              .select({ workspaceId: deals.workspaceId })
              .from(deals)
              .where(and(eq(deals.id, options.dealId), isNotNull(deals.workspaceId))),
          ),
          inArray(
            webhookEndpoints.workspaceId,
            db
              .select({ workspaceId: documentAccess.workspaceId })
              .from(documentAccess)
              .where(
                and(
                  eq(documentAccess.collection, 'deals'),
                  eq(documentAccess.documentId, options.dealId),
                  eq(documentAccess.party, 'receiver'),
                  isNotNull(documentAccess.workspaceId),
                ),
              ),
          ),
        ),
      ),
    );
}

/** One page of an endpoint's deliveries, newest first, and how many there are. */
export async function pageDeliveries(
  db: DbOrTx,
  options: { endpointId: string; page: number; pageSize: number },
): Promise<{ total: number; rows: WebhookDeliveryRow[] }> {
  const where = eq(webhookDeliveries.endpointId, options.endpointId);
  const [total] = await db.select({ n: count() }).from(webhookDeliveries).where(where);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  return { total: Number(total?.n ?? 0), rows };
}

/** A delivery with what its attempt needs of the endpoint. */
export async function findDeliveryForAttempt(db: DbOrTx, deliveryId: string) {
  const [row] = await db
    .select({
      delivery: webhookDeliveries,
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
      endpointDeletedAt: webhookEndpoints.deletedAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return row;
}

/**
 * Records one attempt of a pending delivery (a delivery already delivered or failed is left as
 * it is). Returns whether the row was pending.
 */
export async function recordAttempt(
  db: DbOrTx,
  options: {
    deliveryId: string;
    state: WebhookDeliveryRow['state'];
    statusCode: number | null;
    error: string | null;
    isAttempted: boolean;
  },
): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    .set({
      state: options.state,
      ...(options.isAttempted
        ? {
            attempts: sql`${webhookDeliveries.attempts} + 1`,
            lastAttemptAt: sql`now()`,
            lastStatusCode: options.statusCode,
          }
        : {}),
      lastError: options.error,
      ...(options.state === 'delivered' ? { deliveredAt: sql`now()` } : {}),
    })
    .where(
      and(eq(webhookDeliveries.id, options.deliveryId), eq(webhookDeliveries.state, 'pending')),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

/** A new endpoint. */
export async function insertEndpoint(
  db: DbOrTx,
  values: typeof webhookEndpoints.$inferInsert,
): Promise<WebhookEndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  if (!row) throw new Error('webhook endpoint not created');
  return row;
}

/** Marks an endpoint deleted; false when the workspace has no such live endpoint. */
export async function softDeleteEndpoint(
  db: DbOrTx,
  options: { workspaceId: string; webhookId: string },
): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ deletedAt: sql`now()` })
    .where(
      and(
        eq(webhookEndpoints.id, options.webhookId),
        eq(webhookEndpoints.workspaceId, options.workspaceId),
        isNull(webhookEndpoints.deletedAt),
      ),
    )
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** New deliveries, pending. */
export async function insertDeliveries(
  db: DbOrTx,
  rows: Pick<WebhookDeliveryRow, 'id' | 'endpointId' | 'eventType' | 'payload'>[],
): Promise<void> {
  if (rows.length > 0) await db.insert(webhookDeliveries).values(rows);
}

/** What a deal event tells of the deal, as the event's transaction sees it. */
export async function findDealForEvent(db: DbOrTx, dealId: string) {
  const [row] = await db
    .select({
      id: deals.id,
      title: deals.title,
      contractUid: deals.contractUid,
      state: deals.state,
      parties: deals.parties,
    })
    .from(deals)
    .where(eq(deals.id, dealId));
  return row;
}
