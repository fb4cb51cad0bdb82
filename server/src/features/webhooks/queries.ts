import type { WebhookDeliveryType } from '@pactum/core/webhooks';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  deals,
  documentAccess,
  webhookDeliveries,
  webhookEndpoints,
  webhookSequences,
} from '../../db/schema';

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
  rows: Pick<
    WebhookDeliveryRow,
    'id' | 'endpointId' | 'dealId' | 'sequence' | 'eventType' | 'payload'
  >[],
): Promise<void> {
  if (rows.length > 0) await db.insert(webhookDeliveries).values(rows);
}

/** A deal's events to one endpoint: the line its deliveries are sent in, one after another. */
export type DeliveryLine = { endpointId: string; dealId: string };

/**
 * Takes the next `sequence` of a deal's events for each endpoint (1 for the first), in one
 * upsert. Each counter row stays locked until the caller's transaction ends, so a concurrent
 * event of the deal waits for it and takes the next number. Rows are locked in endpoint order,
 * so two events locking several rows cannot deadlock.
 */
export async function takeSequences(
  tx: DbOrTx,
  options: { dealId: string; endpointIds: string[] },
): Promise<Map<string, number>> {
  const endpointIds = [...new Set(options.endpointIds)].sort();
  if (endpointIds.length === 0) return new Map();
  const rows = await tx
    .insert(webhookSequences)
    .values(
      endpointIds.map((endpointId) => ({ endpointId, dealId: options.dealId, lastSequence: 1 })),
    )
    .onConflictDoUpdate({
      target: [webhookSequences.endpointId, webhookSequences.dealId],
      set: { lastSequence: sql`${webhookSequences.lastSequence} + 1` },
    })
    .returning({
      endpointId: webhookSequences.endpointId,
      sequence: webhookSequences.lastSequence,
    });
  return new Map(rows.map((row) => [row.endpointId, row.sequence]));
}

/**
 * Locks a line's counter row (as `takeSequences` does) until the transaction ends: a delivery
 * that finishes and hands over to the next one cannot miss an event being queued meanwhile.
 */
export async function lockLine(tx: DbOrTx, line: DeliveryLine): Promise<void> {
  await tx
    .select({ lastSequence: webhookSequences.lastSequence })
    .from(webhookSequences)
    .where(
      and(
        eq(webhookSequences.endpointId, line.endpointId),
        eq(webhookSequences.dealId, line.dealId),
      ),
    )
    .for('update');
}

const pendingInLine = (line: DeliveryLine) =>
  and(
    eq(webhookDeliveries.endpointId, line.endpointId),
    eq(webhookDeliveries.dealId, line.dealId),
    isNotNull(webhookDeliveries.sequence),
    eq(webhookDeliveries.state, 'pending'),
  );

/**
 * Of these endpoints, those with a delivery of the deal still pending other than `exceptIds`
 * (the event's own, just inserted): the new deliveries to them wait their turn.
 */
export async function endpointsWithPending(
  tx: DbOrTx,
  options: { dealId: string; endpointIds: string[]; exceptIds: string[] },
): Promise<Set<string>> {
  if (options.endpointIds.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ endpointId: webhookDeliveries.endpointId })
    .from(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.endpointId, options.endpointIds),
        eq(webhookDeliveries.dealId, options.dealId),
        isNotNull(webhookDeliveries.sequence),
        eq(webhookDeliveries.state, 'pending'),
        notInArray(webhookDeliveries.id, options.exceptIds),
      ),
    );
  return new Set(rows.map((row) => row.endpointId));
}

/**
 * A pending delivery of the line beside `sequence`: `before` it (one waits ahead), or the first
 * `after` it (the next one to send).
 */
export async function findPendingInLine(
  db: DbOrTx,
  options: DeliveryLine & { sequence: number; side: 'before' | 'after' },
): Promise<string | undefined> {
  const isBefore = options.side === 'before';
  const [row] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        pendingInLine(options),
        (isBefore ? lt : gt)(webhookDeliveries.sequence, options.sequence),
      ),
    )
    .orderBy(asc(webhookDeliveries.sequence))
    .limit(1);
  return row?.id;
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

/**
 * The first pending delivery of each deal's line to an endpoint that has no job waiting or
 * running: a line whose job ended without recording an end (its last run failed before it could)
 * would otherwise hold every later event of the deal back for good.
 */
export async function stalledLineHeads(db: DbOrTx): Promise<string[]> {
  const result = (await db.execute(sql`
    SELECT head.id FROM (
      SELECT DISTINCT ON (d.endpoint_id, d.deal_id) d.id
      FROM ${webhookDeliveries} d
      WHERE d.state = 'pending' AND d.sequence IS NOT NULL AND d.deal_id IS NOT NULL
      ORDER BY d.endpoint_id, d.deal_id, d.sequence
    ) head
    WHERE NOT EXISTS (
      SELECT 1 FROM pgboss.job j
      WHERE j.name = 'webhook.deliver' AND j.data->>'deliveryId' = head.id
        AND j.state IN ('created', 'retry', 'active')
    )`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((row) => row.id);
}
