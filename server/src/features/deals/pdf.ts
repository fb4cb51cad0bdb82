import { htmlToPlainText } from '@pactum/core/deals';
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import type { Platform } from '../../platform/platform';
import { getDeal } from './service';

const PAGE = { width: 595.28, height: 841.89, margin: 56 };

/**
 * The standard PDF fonts speak WinAnsi: Latin-1 plus a few typographic marks. Anything else is
 * shown as '?' in this printable copy (the signed PDF of the signing area embeds full fonts).
 */
function printable(text: string): string {
  const extras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
  return Array.from(text)
    .map((char) => {
      const code = char.codePointAt(0) ?? 63;
      if (char === '\t') return ' ';
      if ((code >= 32 && code < 127) || (code >= 160 && code <= 255) || extras.has(char)) {
        return char;
      }
      return '?';
    })
    .join('');
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width || !line) {
        line = candidate;
      } else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

/**
 * 'Open PDF' in the deal toolbar: the current text of the deal as the caller may read it —
 * title, contract id, parties and the numbered sections (§ n) at their current versions.
 */
export async function renderDealPdf(
  platform: Platform,
  options: { userId: string; dealId: string },
): Promise<{ filename: string; bytes: Uint8Array }> {
  const deal = await getDeal(platform, options);
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(deal.title));
  pdf.setProducer('Pactum');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - PAGE.margin * 2;
  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;

  const write = (text: string, font: PDFFont, size: number, gapAfter = 4) => {
    for (const line of wrap(printable(text), font, size, width)) {
      if (y - size < PAGE.margin) {
        page = pdf.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin;
      }
      page.drawText(line, { x: PAGE.margin, y: y - size, size, font, color: rgb(0, 0, 0) });
      y -= size * 1.35;
    }
    y -= gapAfter;
  };

  write(deal.title, bold, 18, 6);
  write(`Contract ID: ${deal.contractUid}`, regular, 10, 10);
  if (deal.abstract) write(deal.abstract, regular, 10, 10);
  const partyLine = (label: string, party: { name: string; vat?: string }) =>
    `${label}: ${party.name || '-'}${party.vat ? ` (${party.vat})` : ''}`;
  write(partyLine('Sender', deal.parties.sender), regular, 11, 2);
  write(partyLine('Receiver', deal.parties.receiver), regular, 11, 12);
  for (const section of deal.sections) {
    if (section.type !== 'normal') continue;
    write(`§ ${section.number} ${section.title}`.trim(), bold, 12, 4);
    const text = htmlToPlainText(section.html);
    if (text) write(text, regular, 10, 10);
  }
  const safeName = deal.title.replace(/[^A-Za-z0-9 _-]/g, '').trim() || 'deal';
  return { filename: `${safeName}.pdf`, bytes: await pdf.save() };
}
