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

/**
 * The deal's live sections in document order, with the numbers the document shows them by
 * (§ 1, 1.1 …; only ordinary sections are numbered).
 */
export async function numberedDealSections(db: DbOrTx, dealId: string) {
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
    .where(and(eq(dealSections.dealId, dealId), isNull(dealSections.deletedAt)));
  const ordered = orderSections(rows);
  return { ordered, numbers: sectionNumbers(ordered) };
}

/** The deal's contract content, or null when there is no such deal. */
export async function loadContractContent(
  db: DbOrTx,
  dealId: string,
): Promise<DealContractContent | null> {
  const [deal] = await db
    .select({
      id: deals.id,
      title: deals.title,
      contractUid: deals.contractUid,
      parties: deals.parties,
    })
    .from(deals)
    .where(eq(deals.id, dealId));
  if (!deal) return null;
  const { ordered, numbers } = await numberedDealSections(db, dealId);
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
  const attached = await db
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
