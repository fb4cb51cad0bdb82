import { orderSections, sectionNumbers } from '@pactum/core/templates';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { attachments, dealSections, deals, files } from '../../db/schema';
import { type ContractContent, contractContentSha256 } from '../../platform/pdf/content-hash';

/*
 * The agreed text of a deal as signing sees it: title, contract id, parties and the numbered
 * ordinary sections, each with its current (default) content option. Start signing freezes
 * its SHA-256; the sign step compares against it (core `signRefusal`), and the signed PDF is
 * drawn from it, so what is signed, hashed and printed is one and the same.
 */

export type DealAttachmentRef = { name: string; storageKey: string; position: number };

export type DealContractContent = ContractContent & {
  dealId: string;
  attachments: DealAttachmentRef[];
  sha256: string;
};

/** The section fields the numbering and the contract content read. */
export type ContentSectionRow = Pick<
  typeof dealSections.$inferSelect,
  'id' | 'parentId' | 'position' | 'type' | 'title' | 'content' | 'defaultContentId'
>;

/** The deal fields the contract content reads. */
export type ContentDealRow = Pick<
  typeof deals.$inferSelect,
  'id' | 'title' | 'contractUid' | 'parties'
>;

/** Sections in document order with the numbers the document shows them by. */
export type NumberedSections<T extends ContentSectionRow = ContentSectionRow> = {
  ordered: T[];
  numbers: Map<string, string>;
};

/**
 * Live sections (not deleted) of one deal in document order, with the numbers the document
 * shows them by (§ 1, 1.1 …; only ordinary sections are numbered).
 */
export function numberSections<T extends ContentSectionRow>(
  rows: readonly T[],
): NumberedSections<T> {
  const ordered = orderSections(rows);
  return { ordered, numbers: sectionNumbers(ordered) };
}

/** The deal's live sections in document order, numbered (see `numberSections`). */
export async function numberedDealSections(db: DbOrTx, dealId: string): Promise<NumberedSections> {
  const rows = await db
    .select({
      id: dealSections.id,
      parentId: dealSections.parentId,
      position: dealSections.position,
      type: dealSections.type,
      title: dealSections.title,
      content: dealSections.content,
      defaultContentId: dealSections.defaultContentId,
    })
    .from(dealSections)
    .where(and(eq(dealSections.dealId, dealId), isNull(dealSections.deletedAt)))
    // The order `findSections` reads them in, so siblings on one position come out the same
    // here as in the signing view.
    .orderBy(asc(dealSections.position), asc(dealSections.createdAt));
  return numberSections(rows);
}

/**
 * The contract content of rows already read: the deal, its live sections numbered and its
 * attachments. The signing view builds it from the rows it reads anyway.
 */
export function buildContractContent(
  deal: ContentDealRow,
  numbered: NumberedSections,
  attached: DealAttachmentRef[],
): DealContractContent {
  const { ordered, numbers } = numbered;
  const sections = ordered
    .filter((section) => section.type === 'normal')
    .map((section) => {
      const chosen =
        section.content.find((option) => option.id === section.defaultContentId) ??
        section.content[0];
      return {
        number: numbers.get(section.id) ?? '',
        title: section.title,
        html: chosen?.html ?? '',
      };
    });
  const content: ContractContent = {
    title: deal.title,
    contractId: deal.contractUid ?? deal.id,
    parties: deal.parties,
    sections,
  };
  return {
    ...content,
    dealId: deal.id,
    attachments: attached,
    sha256: contractContentSha256(content),
  };
}

/** The deal's live attachments in their order. */
async function dealAttachments(db: DbOrTx, dealId: string): Promise<DealAttachmentRef[]> {
  return db
    .select({
      name: attachments.name,
      storageKey: files.storageKey,
      position: attachments.position,
    })
    .from(attachments)
    .innerJoin(files, eq(files.id, attachments.fileId))
    .where(
      and(
        eq(attachments.collection, 'deals'),
        eq(attachments.documentId, dealId),
        isNull(attachments.deletedAt),
      ),
    )
    .orderBy(asc(attachments.position), asc(attachments.createdAt));
}

/**
 * The deal's contract content, or null when there is no such deal. A caller that has read the
 * deal and its live sections already passes them as `preloaded`, and only the attachments are
 * read.
 */
export async function loadContractContent(
  db: DbOrTx,
  dealId: string,
  preloaded?: { deal: ContentDealRow; sections: readonly ContentSectionRow[] },
): Promise<DealContractContent | null> {
  const deal =
    preloaded?.deal ??
    (
      await db
        .select({
          id: deals.id,
          title: deals.title,
          contractUid: deals.contractUid,
          parties: deals.parties,
        })
        .from(deals)
        .where(eq(deals.id, dealId))
    )[0];
  if (!deal) return null;
  const numbered = preloaded
    ? numberSections(preloaded.sections)
    : await numberedDealSections(db, dealId);
  return buildContractContent(deal, numbered, await dealAttachments(db, dealId));
}
