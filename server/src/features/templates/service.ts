import {
  type CreateTemplateInput,
  copyTitle,
  type RedeemCouponResult,
  sectionEventTypes,
  type TemplateCard,
  type TemplateDetail,
  templateGroup,
  type UpdateTemplateInput,
} from '@pactum/core/templates';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { templates } from '../../db/schema';
import { refreshHomeCounts } from '../../documents/counters';
import { isProductAdmin } from '../../documents/product-admin';
import {
  type DocumentCaller,
  type DocumentGrant,
  documentTopic,
  findDocumentGrant,
  requireDocument,
} from '../../documents/require-document';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import {
  blankSections,
  copySections,
  documentLockHolder,
  insertSectionTree,
  listSections,
  type NewSection,
  recordDocumentEvent,
  recordDocumentOpen,
} from '../sections';
import { grantUserAccess } from '../sharing';
import { listDocumentTags } from '../tags';
import { invalidateGlobalTemplates } from './global-cache';

type TemplateRow = typeof templates.$inferSelect;

/**
 * Coupon codes a user may try in the window (failed redeems, and new codes typed into template
 * settings) before being slowed down.
 */
const COUPON_GUESSES = { max: 20, windowSeconds: 15 * 60 };

/**
 * Counts one try of a coupon code for the user, before the code is looked up (429 past the
 * allowance). Counting and deciding are one statement, so parallel tries cannot all pass.
 */
async function countCouponGuess(platform: Platform, userId: string): Promise<string> {
  const key = `coupon-guess:${userId}`;
  const limit = await platform.rateLimiter.hit(key, COUPON_GUESSES);
  if (!limit.isAllowed) {
    throw new AppError('rate_limited', {}, { retryAfterSeconds: limit.retryAfterSeconds });
  }
  return key;
}

function toCard(row: TemplateRow, userId: string, canEdit: boolean): TemplateCard {
  return {
    id: row.id,
    title: row.title,
    abstract: row.abstract,
    category: row.category,
    language: row.language,
    region: row.region,
    partner: row.partner,
    isGlobal: row.isGlobal,
    price: row.price,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    modifiedAt: row.modifiedAt.toISOString(),
    canEdit,
    group: templateGroup(row, userId),
  };
}

async function loadTemplate(db: DbOrTx, templateId: string): Promise<TemplateRow> {
  const [row] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.id, templateId), isNull(templates.deletedAt)));
  if (!row) throw new AppError('not_found');
  return row;
}

async function detail(
  db: DbOrTx,
  row: TemplateRow,
  grant: DocumentGrant,
  caller: DocumentCaller,
): Promise<TemplateDetail> {
  const canEdit = grant.role === 'edit';
  const [sections, tags] = await Promise.all([
    listSections(db, 'templates', row.id),
    listDocumentTags(db, { collection: 'templates', documentId: row.id, userId: caller.id }),
  ]);
  return {
    ...toCard(row, caller.id, canEdit),
    // The code grants access: only editors see it.
    couponCode: canEdit ? row.couponCode : null,
    parties: row.parties,
    lockedBy: documentLockHolder(sections),
    canPublish: grant.isAdmin,
    tags,
    sections,
  };
}

/** One template with its sections, for the editor and the read-only view. */
export async function getTemplate(
  platform: Platform,
  options: { caller: DocumentCaller; templateId: string },
): Promise<TemplateDetail> {
  const { db } = platform.database;
  const { caller, templateId } = options;
  const grant = await requireDocument(platform, db, {
    collection: 'templates',
    documentId: templateId,
    caller,
  });
  const row = await loadTemplate(db, templateId);
  await recordDocumentOpen(db, {
    collection: 'templates',
    documentId: templateId,
    userId: caller.id,
  });
  return detail(db, row, grant, caller);
}

/** Opening a template is a tracked event; refetches within ten minutes are not new opens. */
/** A new template's creator edits it. */
const grantCreatorEdit = (tx: DbOrTx, templateId: string, caller: { id: string; email: string }) =>
  grantUserAccess(tx, {
    collection: 'templates',
    documentId: templateId,
    userId: caller.id,
    email: caller.email,
    role: 'edit',
    createdBy: caller.id,
  });

/**
 * Inserts a template in the caller's transaction, blank (parties, one section, signers) unless
 * `sections` are given (a Word import passes its own, parties first and signers last): the
 * creator gets edit access, the creation is logged and the creator's home counts refreshed.
 * The new template's id.
 */
export async function insertTemplate(
  platform: Platform,
  tx: Tx,
  options: {
    caller: { id: string; email: string };
    input: Pick<
      typeof templates.$inferInsert,
      'title' | 'abstract' | 'category' | 'language' | 'region'
    >;
    sections?: NewSection[];
    fromImportId?: string;
  },
): Promise<string> {
  const { caller, input } = options;
  const [row] = await tx
    .insert(templates)
    .values({
      ...input,
      fromImportId: options.fromImportId ?? null,
      createdBy: caller.id,
      modifiedBy: caller.id,
    })
    .returning({ id: templates.id });
  if (!row) throw new AppError('internal');
  await grantCreatorEdit(tx, row.id, caller);
  await insertSectionTree(tx, {
    collection: 'templates',
    documentId: row.id,
    userId: caller.id,
    sections: options.sections ?? blankSections(),
  });
  await recordDocumentEvent(tx, {
    collection: 'templates',
    documentId: row.id,
    event: 'document-create',
    userId: caller.id,
  });
  await refreshHomeCounts(platform, tx, caller.id);
  return row.id;
}

/** Creates a template in its own transaction (as `insertTemplate`); the template's detail. */
export async function createTemplate(
  platform: Platform,
  options: {
    caller: DocumentCaller;
    input: CreateTemplateInput;
    sections?: NewSection[];
    fromImportId?: string;
  },
): Promise<TemplateDetail> {
  const id = await platform.database.db.transaction((tx) => insertTemplate(platform, tx, options));
  return getTemplate(platform, { caller: options.caller, templateId: id });
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: string }).code === '23505' ||
    (error as { cause?: { code?: string } }).cause?.code === '23505');

/**
 * Changes a template's details (edit access). The coupon code must be unique; the price is
 * changed only by product administrators, as it decides what sending costs.
 */
export async function updateTemplate(
  platform: Platform,
  options: { caller: DocumentCaller; templateId: string; input: UpdateTemplateInput },
): Promise<TemplateDetail> {
  const { caller, templateId, input } = options;
  if (input.couponCode) {
    // 'Already in use' (the spec's answer) tells a taken code from a free one, so choosing a
    // new code takes from the same allowance as redeeming one: settings are no faster way to
    // find another user's code. Counted outside the transaction so a refusal still counts.
    const [current] = await platform.database.db
      .select({ couponCode: templates.couponCode })
      .from(templates)
      .where(eq(templates.id, templateId));
    if (current?.couponCode !== input.couponCode) await countCouponGuess(platform, caller.id);
  }
  let isGlobal = false;
  try {
    await platform.database.db.transaction(async (tx) => {
      const grant = await requireDocument(platform, tx, {
        collection: 'templates',
        documentId: templateId,
        caller,
        role: 'edit',
      });
      if (input.price !== undefined && !grant.isAdmin) {
        throw new AppError('price_admin_only');
      }
      if (input.couponCode) {
        const [taken] = await tx
          .select({ id: templates.id })
          .from(templates)
          .where(and(eq(templates.couponCode, input.couponCode), ne(templates.id, templateId)));
        if (taken) throw new AppError('coupon_in_use');
      }
      const [updated] = await tx
        .update(templates)
        .set({ ...input, modifiedBy: caller.id, modifiedAt: new Date() })
        .where(eq(templates.id, templateId))
        .returning({ isGlobal: templates.isGlobal });
      isGlobal = updated?.isGlobal ?? false;
      await platform.realtime.publish(tx, {
        topic: documentTopic('templates', templateId),
        type: sectionEventTypes.documentChanged,
      });
    });
  } catch (error) {
    // Two editors choosing the same code at once: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('coupon_in_use');
    throw error;
  }
  if (isGlobal) invalidateGlobalTemplates(platform);
  return getTemplate(platform, { caller, templateId });
}

/** Deletes a template (edit access); its coupon code is freed. */
export async function deleteTemplate(
  platform: Platform,
  options: { caller: DocumentCaller; templateId: string },
): Promise<void> {
  const { caller, templateId } = options;
  const isGlobal = await platform.database.db.transaction(async (tx) => {
    await requireDocument(platform, tx, {
      collection: 'templates',
      documentId: templateId,
      caller,
      role: 'edit',
    });
    const [deleted] = await tx
      .update(templates)
      .set({ deletedAt: new Date(), deletedBy: caller.id, couponCode: null })
      .where(eq(templates.id, templateId))
      .returning({ createdBy: templates.createdBy, isGlobal: templates.isGlobal });
    if (deleted) await refreshHomeCounts(platform, tx, deleted.createdBy);
    await platform.realtime.publish(tx, {
      topic: documentTopic('templates', templateId),
      type: sectionEventTypes.documentChanged,
      data: { deleted: true },
    });
    return deleted?.isGlobal ?? false;
  });
  if (isGlobal) invalidateGlobalTemplates(platform);
}

/**
 * A personal copy of a template the caller can see, with all its sections: 'Copy <date> -
 * <title>' unless a title is given. The copy is never global and has no coupon code.
 */
export async function duplicateTemplate(
  platform: Platform,
  options: { caller: DocumentCaller; templateId: string; title?: string | undefined },
): Promise<TemplateDetail> {
  const { caller, templateId } = options;
  const id = await platform.database.db.transaction(async (tx) => {
    await requireDocument(platform, tx, {
      collection: 'templates',
      documentId: templateId,
      caller,
    });
    const source = await loadTemplate(tx, templateId);
    const [row] = await tx
      .insert(templates)
      .values({
        title: options.title ?? copyTitle(source.title),
        abstract: source.abstract,
        category: source.category,
        language: source.language,
        region: source.region,
        parties: source.parties,
        price: source.price,
        visibility: source.visibility,
        fromCollection: 'templates',
        fromDocumentId: source.id,
        createdBy: caller.id,
        modifiedBy: caller.id,
      })
      .returning({ id: templates.id });
    if (!row) throw new AppError('internal');
    await grantCreatorEdit(tx, row.id, caller);
    await copySections(tx, {
      from: { collection: 'templates', documentId: source.id },
      to: { collection: 'templates', documentId: row.id },
      userId: caller.id,
    });
    await recordDocumentEvent(tx, {
      collection: 'templates',
      documentId: row.id,
      event: 'document-create',
      userId: caller.id,
      data: { fromDocumentId: source.id },
    });
    await refreshHomeCounts(platform, tx, caller.id);
    return row.id;
  });
  return getTemplate(platform, { caller, templateId: id });
}

/**
 * Publishes a template globally under a partner, or unpublishes it (clearing the partner).
 * Product administrators only.
 */
export async function setTemplatePublished(
  platform: Platform,
  options: { caller: DocumentCaller; templateId: string; partner: string | null },
): Promise<TemplateDetail> {
  const { caller, templateId, partner } = options;
  if (!isProductAdmin(platform, caller)) {
    throw new AppError('publish_admin_only');
  }
  await platform.database.db.transaction(async (tx) => {
    await requireDocument(platform, tx, {
      collection: 'templates',
      documentId: templateId,
      caller,
    });
    await tx
      .update(templates)
      .set({
        isGlobal: partner !== null,
        partner,
        modifiedBy: caller.id,
        modifiedAt: new Date(),
      })
      .where(eq(templates.id, templateId));
    await platform.realtime.publish(tx, {
      topic: documentTopic('templates', templateId),
      type: sectionEventTypes.documentChanged,
    });
  });
  // Publishing adds a global template, unpublishing takes one away.
  invalidateGlobalTemplates(platform);
  return getTemplate(platform, { caller, templateId });
}

/**
 * Redeems a coupon code: the caller gets view access to its template (spec 2 §7.1,
 * validateTemplateCoupon). Failed tries are rate limited so codes cannot be guessed in bulk.
 */
export async function redeemCoupon(
  platform: Platform,
  options: { caller: DocumentCaller; couponCode: string },
): Promise<RedeemCouponResult> {
  const { caller } = options;
  // Every try is counted before the lookup; a code that works is forgiven, so only failures
  // use up the allowance.
  const guessKey = await countCouponGuess(platform, caller.id);
  const [template] = await platform.database.db
    .select({ id: templates.id, title: templates.title })
    .from(templates)
    .where(and(eq(templates.couponCode, options.couponCode), isNull(templates.deletedAt)))
    .limit(1);
  if (!template) throw new AppError('coupon_not_found');
  await platform.rateLimiter.forgive(guessKey);
  await grantUserAccess(platform.database.db, {
    collection: 'templates',
    documentId: template.id,
    userId: caller.id,
    email: caller.email,
    role: 'view',
    createdBy: caller.id,
  });
  return { templateId: template.id, templateTitle: template.title };
}

/** Realtime access to `template:<id>`: anyone who may open the template. */
export async function canWatchTemplate(platform: Platform, userId: string, templateId: string) {
  const grant = await findDocumentGrant(platform, platform.database.db, {
    collection: 'templates',
    documentId: templateId,
    caller: { id: userId, name: '', email: '', isAdmin: false, emailVerified: false },
  });
  return grant !== null;
}
