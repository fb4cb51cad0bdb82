import { randomUUID } from 'node:crypto';
import type { DocumentEventCode } from '@pactum/core/document-events';
import type { ContentOption, SectionType } from '@pactum/core/documents';
import { htmlToText } from '@pactum/core/html-text';
import { isSectionLockLive } from '@pactum/core/section-lock';
import {
  type AddSectionInput,
  contentOptionsError,
  type MoveDirection,
  moveSection as moveRule,
  orderSections,
  placeNewSection,
  renumberSections,
  type SaveSectionInput,
  type Section,
  type SectionCollection,
  type SectionPlace,
  sectionErrorCodes,
  sectionEventTypes,
  sectionNumbers,
  type TemplateMessageKey,
} from '@pactum/core/templates';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  documentEvents,
  draftSections,
  drafts,
  templateSections,
  templates,
  users,
} from '../../db/schema';
import { appendEvent } from '../../documents/audit-chain';
import {
  type DocumentCaller,
  documentTopic,
  requireDocument,
} from '../../documents/require-document';
import { AppError } from '../../http/app-error';
import { sanitizeHtml } from '../../platform/html/sanitize';
import type { Platform } from '../../platform/platform';

/*
 * One section service for template and draft sections. Both tables share their section
 * columns (schema `sectionColumns`), so the queries below use the template table's column
 * types for either; only the document column (`templateId` / `draftId`) differs.
 * Deal sections have negotiation rules of their own and live with deals.
 */

type SectionTable = typeof templateSections;
type SectionRow = typeof templateSections.$inferSelect;

const stores = {
  templates: {
    table: templateSections,
    documentColumn: templateSections.templateId,
    documentKey: 'templateId',
    documentTable: templates,
  },
  drafts: {
    table: draftSections as unknown as SectionTable,
    documentColumn: draftSections.draftId as unknown as typeof templateSections.templateId,
    documentKey: 'draftId',
    documentTable: drafts as unknown as typeof templates,
  },
} as const;

const store = (collection: SectionCollection) => stores[collection];

/** A refused section rule as the API answers it. */
const fail = (key: TemplateMessageKey) =>
  new AppError(
    Object.hasOwn(sectionErrorCodes, key)
      ? sectionErrorCodes[key as keyof typeof sectionErrorCodes]
      : 'validation_failed',
  );

const isLive = (row: { lockedBy: string | null; lockedAt: Date | null }, now = Date.now()) =>
  isSectionLockLive(row, now);

/** The sections of a document (not deleted), with the names of their lock holders. */
async function selectRows(db: DbOrTx, collection: SectionCollection, documentId: string) {
  const { table, documentColumn } = store(collection);
  return db
    .select({ section: table, lockedByName: users.name })
    .from(table)
    .leftJoin(users, eq(users.id, table.lockedBy))
    .where(and(eq(documentColumn, documentId), isNull(table.deletedAt)));
}

function toSections(rows: Array<{ section: SectionRow; lockedByName: string | null }>): Section[] {
  const ordered = orderSections(rows.map((row) => row.section));
  const numbers = sectionNumbers(ordered);
  const names = new Map(rows.map((row) => [row.section.id, row.lockedByName]));
  const now = Date.now();
  return ordered.map((row) => ({
    id: row.id,
    parentId: row.parentId,
    position: row.position,
    type: row.type,
    title: row.title,
    help: row.help,
    content: row.content,
    defaultContentId: row.defaultContentId,
    editLock: row.editLock,
    lockedBy:
      row.lockedBy && isLive(row, now) ? { id: row.lockedBy, name: names.get(row.id) ?? '' } : null,
    number: numbers.get(row.id) ?? '',
    modifiedAt: row.modifiedAt.toISOString(),
  }));
}

/** The sections of a document in document order, numbered ('1', '1.1'). No access check. */
export async function listSections(
  db: DbOrTx,
  collection: SectionCollection,
  documentId: string,
): Promise<Section[]> {
  return toSections(await selectRows(db, collection, documentId));
}

async function findSection(sections: Section[], sectionId: string): Promise<Section> {
  const section = sections.find((candidate) => candidate.id === sectionId);
  if (!section) throw new AppError('not_found');
  return section;
}

/** Serialises section changes of one document: structure changes renumber the whole list. */
async function lockDocumentRow(tx: Tx, collection: SectionCollection, documentId: string) {
  const { documentTable } = store(collection);
  await tx
    .select({ id: documentTable.id })
    .from(documentTable)
    .where(eq(documentTable.id, documentId))
    .for('update');
}

async function applyPlaces(
  tx: Tx,
  collection: SectionCollection,
  current: Array<{ id: string; parentId: string | null; position: number }>,
  places: SectionPlace[],
) {
  const { table } = store(collection);
  const before = new Map(current.map((section) => [section.id, section]));
  for (const place of places) {
    const old = before.get(place.id);
    if (old && old.parentId === place.parentId && old.position === place.position) continue;
    await tx
      .update(table)
      .set({ parentId: place.parentId, position: place.position })
      .where(eq(table.id, place.id));
  }
}

/** Records a tracked event on the document history. */
export async function recordDocumentEvent(
  tx: DbOrTx,
  event: {
    collection: 'templates' | 'drafts' | 'deals';
    documentId: string;
    event: DocumentEventCode;
    userId: string;
    sectionId?: string | null;
    party?: 'sender' | 'receiver' | null;
    data?: Record<string, unknown>;
  },
) {
  // Every document's history is one append-only hash chain (documents/audit-chain.ts).
  await appendEvent(tx, {
    collection: event.collection,
    documentId: event.documentId,
    event: event.event,
    userId: event.userId,
    sectionId: event.sectionId ?? null,
    party: event.party ?? null,
    data: event.data ?? {},
  });
}

/** A document-open event is recorded at most once per user and document in this time. */
const OPEN_EVENT_INTERVAL_MS = 10 * 60 * 1000;

/** Opening a template or draft is a tracked event; refetches within ten minutes are not. */
export async function recordDocumentOpen(
  db: DbOrTx,
  open: {
    collection: 'templates' | 'drafts';
    documentId: string;
    userId: string;
    party?: 'sender' | null;
  },
) {
  const since = new Date(Date.now() - OPEN_EVENT_INTERVAL_MS);
  const [recent] = await db
    .select({ id: documentEvents.id })
    .from(documentEvents)
    .where(
      and(
        eq(documentEvents.collection, open.collection),
        eq(documentEvents.documentId, open.documentId),
        eq(documentEvents.userId, open.userId),
        eq(documentEvents.event, 'document-open'),
        gt(documentEvents.createdAt, since),
      ),
    )
    .limit(1);
  if (recent) return;
  await recordDocumentEvent(db, { ...open, event: 'document-open' });
}

async function touchDocument(
  tx: Tx,
  collection: SectionCollection,
  documentId: string,
  userId: string,
) {
  const { documentTable } = store(collection);
  await tx
    .update(documentTable)
    .set({ modifiedAt: new Date(), modifiedBy: userId })
    .where(eq(documentTable.id, documentId));
}

const publish = (
  platform: Platform,
  tx: DbOrTx,
  collection: SectionCollection,
  documentId: string,
  type: string,
  data: Record<string, unknown> = {},
) => platform.realtime.publish(tx, { topic: documentTopic(collection, documentId), type, data });

type SectionOptions = {
  collection: SectionCollection;
  documentId: string;
  caller: DocumentCaller;
};

/**
 * After a section was made, saved, moved or removed: the document's modified time, its event
 * log entry (when an `event` is given) and `sections.changed` to the document's watchers.
 */
async function sectionsChanged(
  platform: Platform,
  tx: Tx,
  options: SectionOptions & {
    sectionId: string;
    event?: DocumentEventCode;
    data?: Record<string, unknown>;
  },
) {
  const { collection, documentId, caller, sectionId, event, data } = options;
  await touchDocument(tx, collection, documentId, caller.id);
  if (event) {
    await recordDocumentEvent(tx, {
      collection,
      documentId,
      event,
      userId: caller.id,
      sectionId,
      ...(data ? { data } : {}),
    });
  }
  await publish(platform, tx, collection, documentId, sectionEventTypes.sectionsChanged, {
    sectionId,
  });
}

/**
 * The document's sections, read for a change by an editor: the caller must have edit access,
 * and the document row stays locked to the end of the transaction (see lockDocumentRow).
 */
async function sectionsForChange(platform: Platform, tx: Tx, options: SectionOptions) {
  const { collection, documentId, caller } = options;
  await requireDocument(platform, tx, { collection, documentId, caller, role: 'edit' });
  await lockDocumentRow(tx, collection, documentId);
  return listSections(tx, collection, documentId);
}

/** A new section's one empty content option. */
const emptyContent = (): { content: ContentOption[]; defaultContentId: string } => {
  const id = randomUUID();
  return { content: [{ id, html: '' }], defaultContentId: id };
};

/**
 * Adds an ordinary section after a section, as the last child of a parent, or before the
 * signers (spec 2 §4.1), renumbering the document in the same transaction.
 */
export async function addSection(
  platform: Platform,
  options: SectionOptions & { input: AddSectionInput },
): Promise<Section> {
  const { collection, documentId, caller, input } = options;
  const { table, documentKey } = store(collection);
  return platform.database.db.transaction(async (tx) => {
    const current = await sectionsForChange(platform, tx, options);
    const id = randomUUID();
    const placed = placeNewSection(current, id, {
      afterSectionId: input.afterSectionId ?? null,
      parentId: input.parentId ?? null,
    });
    if (!placed.ok) throw fail(placed.error);
    const place = placed.value.find((candidate) => candidate.id === id);
    if (!place) throw fail('sectionGenerateFail');
    await applyPlaces(
      tx,
      collection,
      current,
      placed.value.filter((candidate) => candidate.id !== id),
    );
    await tx.insert(table).values({
      id,
      [documentKey]: documentId,
      parentId: place.parentId,
      position: place.position,
      type: 'normal',
      title: input.title ?? '',
      ...emptyContent(),
      createdBy: caller.id,
      modifiedBy: caller.id,
    } as unknown as typeof templateSections.$inferInsert);
    await sectionsChanged(platform, tx, {
      collection,
      documentId,
      caller,
      sectionId: id,
      event: 'section-create',
    });
    return findSection(await listSections(tx, collection, documentId), id);
  });
}

/** 'Locked by %s' when someone else holds a live lock on the section. */
function refuseOthersLock(section: Section, callerId: string) {
  if (section.lockedBy && section.lockedBy.id !== callerId) {
    throw new AppError('section_locked', { name: section.lockedBy.name });
  }
}

/**
 * Opens a section for editing by the caller: one section in edit at a time per user, so the
 * caller's other locks in the document are released (the editor saves the open section before
 * it opens another). Another user's live lock refuses with 'Locked by %s'; a lock older than
 * thirty minutes is stale and may be taken over; re-locking one's own section renews it.
 */
export async function lockSection(
  platform: Platform,
  options: SectionOptions & { sectionId: string },
): Promise<Section> {
  const { collection, documentId, caller, sectionId } = options;
  const { table, documentColumn } = store(collection);
  return platform.database.db.transaction(async (tx) => {
    const section = await findSection(await sectionsForChange(platform, tx, options), sectionId);
    refuseOthersLock(section, caller.id);
    await tx
      .update(table)
      .set({ lockedBy: null, lockedAt: null })
      .where(and(eq(documentColumn, documentId), eq(table.lockedBy, caller.id)));
    await tx
      .update(table)
      .set({ lockedBy: caller.id, lockedAt: new Date() })
      .where(eq(table.id, sectionId));
    await publish(platform, tx, collection, documentId, sectionEventTypes.sectionLocked, {
      sectionId,
      userId: caller.id,
    });
    return findSection(await listSections(tx, collection, documentId), sectionId);
  });
}

/** Closes the caller's editor on a section without saving. Another user's lock: 'Locked by %s'. */
export async function unlockSection(
  platform: Platform,
  options: SectionOptions & { sectionId: string },
): Promise<void> {
  const { collection, documentId, caller, sectionId } = options;
  const { table } = store(collection);
  await platform.database.db.transaction(async (tx) => {
    await requireDocument(platform, tx, { collection, documentId, caller, role: 'edit' });
    const section = await findSection(await listSections(tx, collection, documentId), sectionId);
    refuseOthersLock(section, caller.id);
    const released = await tx
      .update(table)
      .set({ lockedBy: null, lockedAt: null })
      .where(and(eq(table.id, sectionId), eq(table.lockedBy, caller.id)))
      .returning({ id: table.id });
    if (released.length > 0) {
      await publish(platform, tx, collection, documentId, sectionEventTypes.sectionLocked, {
        sectionId,
        userId: null,
      });
    }
  });
}

const sanitizeOptional = (html: string | null | undefined) =>
  html === null || html === undefined ? null : sanitizeHtml(html);

/**
 * Saves a section the caller has open (their lock) and closes it: title, help and content
 * options, every HTML through the allow-list sanitiser. The content-option rules hold (the
 * first option stays first, at most 26, the default among them). Parties and signers blocks
 * keep their content; only their title and help change.
 */
export async function saveSection(
  platform: Platform,
  options: SectionOptions & { sectionId: string; input: SaveSectionInput },
): Promise<Section> {
  const { collection, documentId, caller, sectionId, input } = options;
  const { table } = store(collection);
  return platform.database.db.transaction(async (tx) => {
    await requireDocument(platform, tx, { collection, documentId, caller, role: 'edit' });
    const [row] = await tx
      .select()
      .from(table)
      .where(and(eq(table.id, sectionId), isNull(table.deletedAt)))
      .for('update');
    const section = await findSection(await listSections(tx, collection, documentId), sectionId);
    if (!row) throw new AppError('not_found');
    refuseOthersLock(section, caller.id);
    if (row.lockedBy !== caller.id) throw fail('sectionNotLocked');

    const changes: Partial<typeof templateSections.$inferInsert> = {
      title: input.title,
      ...(input.help !== undefined ? { help: sanitizeOptional(input.help) } : {}),
      lockedBy: null,
      lockedAt: null,
      modifiedBy: caller.id,
      modifiedAt: new Date(),
    };
    if (input.editLock !== undefined && collection === 'templates') {
      changes.editLock = input.editLock;
    }
    if (row.type === 'normal') {
      const content = input.content.map((option) => ({
        id: option.id,
        html: sanitizeHtml(option.html),
        ...(option.help !== undefined ? { help: sanitizeHtml(option.help) } : {}),
      }));
      const error = contentOptionsError(content, input.defaultContentId, row.content);
      if (error) throw fail(error);
      changes.content = content;
      changes.defaultContentId = input.defaultContentId ?? content[0]?.id ?? null;
    }
    await tx.update(table).set(changes).where(eq(table.id, sectionId));
    await sectionsChanged(platform, tx, {
      collection,
      documentId,
      caller,
      sectionId,
      event: 'section-edit',
      data: { title: input.title },
    });
    return findSection(await listSections(tx, collection, documentId), sectionId);
  });
}

/**
 * Moves a section up, down, in or out (spec 2 §4.1) and renumbers every section of the document
 * in one transaction. Parties stays first and signers last.
 */
export async function moveSection(
  platform: Platform,
  options: SectionOptions & { sectionId: string; direction: MoveDirection },
): Promise<{ sections: Section[] }> {
  const { collection, documentId, caller, sectionId, direction } = options;
  return platform.database.db.transaction(async (tx) => {
    const current = await sectionsForChange(platform, tx, options);
    await findSection(current, sectionId);
    const moved = moveRule(current, sectionId, direction);
    if (!moved.ok) throw fail(moved.error);
    await applyPlaces(tx, collection, current, moved.value);
    await sectionsChanged(platform, tx, { collection, documentId, caller, sectionId });
    return { sections: await listSections(tx, collection, documentId) };
  });
}

/**
 * Removes an ordinary section and its subsections and renumbers the rest. The parties and
 * signers blocks cannot be removed; a section someone else has open cannot either.
 */
export async function deleteSection(
  platform: Platform,
  options: SectionOptions & { sectionId: string },
): Promise<void> {
  const { collection, documentId, caller, sectionId } = options;
  const { table } = store(collection);
  await platform.database.db.transaction(async (tx) => {
    const current = await sectionsForChange(platform, tx, options);
    const section = await findSection(current, sectionId);
    if (section.type !== 'normal') throw fail('sectionCannotRemove');
    const removed = current.filter(
      (candidate) => candidate.id === sectionId || candidate.parentId === sectionId,
    );
    for (const candidate of removed) refuseOthersLock(candidate, caller.id);
    await tx
      .update(table)
      .set({ deletedAt: new Date(), lockedBy: null, lockedAt: null })
      .where(
        inArray(
          table.id,
          removed.map((candidate) => candidate.id),
        ),
      );
    const rest = current.filter((candidate) => !removed.includes(candidate));
    await applyPlaces(tx, collection, rest, renumberSections(rest));
    await sectionsChanged(platform, tx, {
      collection,
      documentId,
      caller,
      sectionId,
      event: 'section-delete',
      data: { title: section.title },
    });
  });
}

/** A section to create: its kind, title, one content HTML (sanitised here) and subsections. */
export type NewSection = {
  type: SectionType;
  title: string;
  html?: string;
  help?: string;
  children?: NewSection[];
};

/**
 * Creates a document's sections in the given order: top-level sections 1.., children 101..
 * (used by template creation, the seed, imports and copies). Runs in the caller's transaction.
 */
export async function insertSectionTree(
  tx: DbOrTx,
  options: {
    collection: SectionCollection;
    documentId: string;
    userId: string;
    sections: NewSection[];
  },
): Promise<void> {
  const { table, documentKey } = store(options.collection);
  const values: Array<typeof templateSections.$inferInsert> = [];
  const add = (section: NewSection, parentId: string | null, position: number) => {
    const id = randomUUID();
    const optionId = randomUUID();
    values.push({
      id,
      [documentKey]: options.documentId,
      parentId,
      position,
      type: section.type,
      title: section.title,
      help: section.help ? sanitizeHtml(section.help) : null,
      content: [{ id: optionId, html: sanitizeHtml(section.html ?? '') }],
      defaultContentId: optionId,
      createdBy: options.userId,
      modifiedBy: options.userId,
    } as unknown as typeof templateSections.$inferInsert);
    return id;
  };
  options.sections.forEach((section, index) => {
    const parentId = add(section, null, index + 1);
    section.children?.forEach((child, childIndex) => {
      add(child, parentId, 101 + childIndex);
    });
  });
  if (values.length > 0) await tx.insert(table).values(values);
}

/** The three sections a new blank document starts with: parties, one section, signers. */
export const blankSections = (): NewSection[] => [
  { type: 'parties', title: 'Parties' },
  { type: 'normal', title: '' },
  { type: 'signers', title: 'Signatures' },
];

/**
 * Copies every section of one document to another (template → template copy, template →
 * draft, draft → template), with new ids, the same tree and no locks. Runs in the caller's
 * transaction. Returns the map of old section ids to new ones.
 */
export async function copySections(
  tx: DbOrTx,
  options: {
    from: { collection: SectionCollection; documentId: string };
    to: { collection: SectionCollection; documentId: string };
    userId: string;
  },
): Promise<Map<string, string>> {
  const rows = (await selectRows(tx, options.from.collection, options.from.documentId)).map(
    (row) => row.section,
  );
  const ids = new Map(rows.map((row) => [row.id, randomUUID()]));
  const { table, documentKey } = store(options.to.collection);
  const values = rows.map(
    (row) =>
      ({
        id: ids.get(row.id),
        [documentKey]: options.to.documentId,
        parentId: row.parentId ? (ids.get(row.parentId) ?? null) : null,
        position: row.position,
        type: row.type,
        title: row.title,
        help: row.help,
        content: row.content,
        defaultContentId: row.defaultContentId,
        editLock: row.editLock,
        createdBy: options.userId,
        modifiedBy: options.userId,
        ...(options.to.collection === 'drafts' && options.from.collection === 'templates'
          ? { templateSectionId: row.id }
          : {}),
      }) as unknown as typeof templateSections.$inferInsert,
  );
  if (values.length > 0) await tx.insert(table).values(values);
  return ids;
}

/** The plain text of a section's default option (for search, snippets and events). */
export function sectionText(section: Pick<Section, 'content' | 'defaultContentId'>): string {
  const option =
    section.content.find((candidate) => candidate.id === section.defaultContentId) ??
    section.content[0];
  return option ? htmlToText(option.html) : '';
}

/** Who holds a live lock anywhere in the document (a template's `lockedBy`), or null. */
export function documentLockHolder(sections: Section[]) {
  return sections.find((section) => section.lockedBy)?.lockedBy ?? null;
}
