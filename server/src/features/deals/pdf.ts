import type { Platform } from '../../platform/platform';
import { loadContractContent } from '../signing';
import { getDeal } from './get-deal';

/**
 * 'Open PDF' in the deal toolbar: the current text of the deal as the caller may read it —
 * title, contract id, abstract, parties, the numbered sections (§ n) at their current versions
 * and the attachments by name — as a reading copy marked unsigned, in the caller's language.
 * The same fonts and layout as the signed PDF, so every script the editor takes prints.
 */
export async function renderDealPdf(
  platform: Platform,
  options: { userId: string; dealId: string; lang: 'en' | 'fi' },
): Promise<{ filename: string; bytes: Uint8Array }> {
  // getDeal is the access check: a stranger gets its 404 before anything is read.
  const deal = await getDeal(platform, options);
  const content = await loadContractContent(platform.database.db, deal.id);
  if (!content) throw new Error(`deal ${deal.id} vanished while printing`);
  const bytes = await platform.pdf.renderPrintable({
    title: content.title,
    contractId: content.contractId,
    parties: content.parties,
    sections: content.sections,
    abstract: deal.abstract,
    attachments: content.attachments.map((attachment) => ({ name: attachment.name })),
    lang: options.lang,
  });
  return { filename: pdfFilename(deal.title), bytes };
}

/** A header-safe file name: letters and digits of any script, spaces, '-' and '_'. */
function pdfFilename(title: string): string {
  const safe = title.replace(/[^\p{L}\p{N} _-]/gu, '').trim() || 'deal';
  return `${safe}.pdf`;
}
