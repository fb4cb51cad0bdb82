import { auditEventDetail, auditEventText } from '@pactum/core/document-events';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { dealSigners, deals, documentEvents, files, signerCodes, users } from '../../db/schema';
import { eventChainHead } from '../../documents/audit-chain';
import { sha256Hex } from '../../platform/pdf/content-hash';
import type { PdfAuditEvent, PdfLang, PdfSigner } from '../../platform/pdf/render';
import type { Platform } from '../../platform/platform';
import { dealSectionLabels, eventSection } from './audit-sections';
import { loadContractContent } from './contract-content';

/**
 * The unsealed PDF of a signed deal: the contract content frozen at the start of signing (the
 * agreed sections) or, for Send & Sign PDF, the uploaded PDF as it was; every signer's
 * signature in their font and colour, the PDF attachments' pages, and the audit page with each
 * signer's record, the content hash and the audit chain's last hash. The job seals and stores it.
 */
export async function buildSignedPdf(
  platform: Platform,
  dealId: string,
): Promise<{ pdf: Uint8Array; name: string; auditChainHead: string | null }> {
  const { db } = platform.database;
  const content = await loadContractContent(db, dealId);
  if (!content) throw new Error(`deal ${dealId} not found`);
  const [deal] = await db
    .select({
      contentSha256: deals.contentSha256,
      language: deals.language,
      pdfFileId: deals.pdfFileId,
    })
    .from(deals)
    .where(eq(deals.id, dealId));
  const pages = await signingPages(platform, dealId, deal?.language ?? null);
  if (deal?.pdfFileId) {
    const [file] = await db.select().from(files).where(eq(files.id, deal.pdfFileId));
    if (!file) throw new Error(`the PDF of deal ${dealId} is missing`);
    const uploaded = await platform.storage.get(file.storageKey);
    if (sha256Hex(uploaded) !== deal.contentSha256) {
      throw new Error('the uploaded PDF changed after signing started');
    }
    const pdf = await platform.pdf.appendSigningPages(new Uint8Array(uploaded), {
      title: content.title,
      contractId: content.contractId,
      parties: content.parties,
      ...pages,
    });
    return { pdf, name: signedName(content.title), auditChainHead: pages.auditChainHead };
  }
  if (deal?.contentSha256 && deal.contentSha256 !== content.sha256) {
    throw new Error('the contract content changed after signing started');
  }
  const attachments = [];
  for (const attachment of content.attachments) {
    attachments.push({
      name: attachment.name,
      pdf: new Uint8Array(await platform.storage.get(attachment.storageKey)),
    });
  }
  const pdf = await platform.pdf.renderContract({
    title: content.title,
    contractId: content.contractId,
    parties: content.parties,
    sections: content.sections,
    contentSha256: content.sha256,
    attachments,
    ...pages,
  });
  return { pdf, name: signedName(content.title), auditChainHead: pages.auditChainHead };
}

function signedName(title: string): string {
  const safeTitle = title.replace(/[^\p{L}\p{N} _-]/gu, '').trim() || 'contract';
  return `${safeTitle} (signed).pdf`;
}

/** The signers, the audit trail (events both parties see) and the chain's last hash. */
async function signingPages(
  platform: Platform,
  dealId: string,
  language: string | null,
): Promise<{
  lang: PdfLang;
  signers: PdfSigner[];
  events: PdfAuditEvent[];
  auditChainHead: string | null;
}> {
  const { db } = platform.database;
  const lang: PdfLang = language === 'fi' ? 'fi' : 'en';
  const signers = await db
    .select({ signer: dealSigners, twoStep: signerCodes.state })
    .from(dealSigners)
    .leftJoin(signerCodes, eq(signerCodes.signerId, dealSigners.id))
    .where(and(eq(dealSigners.dealId, dealId), isNull(dealSigners.revokedAt)))
    .orderBy(asc(dealSigners.party), asc(dealSigners.createdAt));
  const sectionLabels = await dealSectionLabels(db, dealId);
  const events = await db
    .select({
      at: documentEvents.createdAt,
      event: documentEvents.event,
      sectionId: documentEvents.sectionId,
      data: documentEvents.data,
      name: users.name,
    })
    .from(documentEvents)
    .leftJoin(users, eq(users.id, documentEvents.userId))
    .where(
      and(
        eq(documentEvents.collection, 'deals'),
        eq(documentEvents.documentId, dealId),
        isNull(documentEvents.party),
      ),
    )
    .orderBy(sql`${documentEvents.seq} asc nulls last`);
  return {
    lang,
    signers: signers.map(({ signer, twoStep }) => ({
      party: signer.party,
      firstname: signer.firstname,
      lastname: signer.lastname,
      email: signer.email,
      phone: signer.phone,
      isPhoneVerified: twoStep === 'completed',
      signedAt: signer.signedAt,
      signature:
        signer.signatureText && signer.signatureFont && signer.signatureColor
          ? { text: signer.signatureText, font: signer.signatureFont, color: signer.signatureColor }
          : null,
      ip: signer.ip,
      city: signer.city,
      country: signer.country,
      userAgent: signer.userAgent,
      consentVersion: signer.consentVersion,
    })),
    events: events.map((event) => ({
      at: event.at,
      text: auditEventText(
        {
          event: event.event,
          by: event.name,
          section: eventSection(event, sectionLabels),
          detail: auditEventDetail(event.event, event.data),
        },
        lang,
      ),
    })),
    auditChainHead: await eventChainHead(db, { collection: 'deals', documentId: dealId }),
  };
}
