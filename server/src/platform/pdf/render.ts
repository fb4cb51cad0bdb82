import { type Party, type PartyRole, partyRoles } from '@pactum/core/documents';
import {
  type SignatureColor,
  type SignatureFont,
  signatureColorHex,
  signatureFontNames,
} from '@pactum/core/signing';
import type { Lang } from '@pactum/core/validation';
import { PDFDocument } from 'pdf-lib';
import { type ContractContent, contractContentSha256, sha256Hex } from './content-hash';
import { DocumentFonts, signatureFace, textFace } from './fonts';
import { htmlToBlocks } from './html-blocks';
import { hexColor, INK, MUTED, PdfWriter, RULE, type StyledRun } from './layout';

/*
 * The signed contract as a PDF, drawn with pdf-lib (no browser): title, contract id, parties,
 * the numbered sections with their agreed text, the signatures in each signer's font and
 * colour, the attachments, and an audit page. Fonts are embedded and subset.
 */

export type PdfLang = Lang;

/** One signer as the PDF shows them (signature and audit page). */
export type PdfSigner = {
  party: PartyRole;
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
  /** Whether the phone was verified with a two-step code when signing. */
  isPhoneVerified: boolean;
  signedAt: Date | null;
  signature: { text: string; font: SignatureFont; color: SignatureColor } | null;
  ip: string | null;
  city: string | null;
  country: string | null;
  userAgent: string | null;
  /** The version of the electronic signature consent the signer accepted. */
  consentVersion?: string | null;
};

/** An attachment: listed by name; its pages are appended when `pdf` is given. */
export type PdfAttachment = { name: string; pdf?: Uint8Array };

/** A line of the audit trail (document events), printed on the audit page. */
export type PdfAuditEvent = { at: Date; text: string };

export type ContractPdfInput = ContractContent & {
  lang?: PdfLang;
  signers: PdfSigner[];
  attachments?: PdfAttachment[];
  /** Defaults to `contractContentSha256` of the content. */
  contentSha256?: string;
  events?: PdfAuditEvent[];
  /** The hash of the last event of the hash-chained audit trail. */
  auditChainHead?: string | null;
  generatedAt?: Date;
};

/** What the Send & Sign PDF process adds to an uploaded PDF. */
export type SigningPagesInput = Omit<
  ContractPdfInput,
  'sections' | 'contentSha256' | 'attachments'
>;

const labels = {
  en: {
    contractId: 'Contract ID',
    parties: 'Parties',
    sender: 'Sender',
    receiver: 'Receiver',
    businessId: 'Business ID',
    address: 'Address',
    email: 'E-mail',
    signatures: 'Signatures',
    notSigned: 'Not signed',
    signedAt: 'Signed',
    attachments: 'Attachments',
    auditTrail: 'Audit trail',
    document: 'Document',
    contentHash: 'SHA-256 of the contract content',
    pdfHash: 'SHA-256 of the original PDF',
    chainHead: 'Last audit event hash',
    generated: 'Generated',
    signer: 'Signer',
    name: 'Name',
    phone: 'Phone',
    verified: 'verified with a code',
    notVerified: 'not verified',
    ip: 'IP address',
    location: 'Location',
    userAgent: 'User agent',
    signature: 'Signature',
    events: 'Events',
    consent: 'Consent',
    consentAccepted: 'electronic signature terms accepted (version %s)',
    page: 'Page',
    none: '—',
    printed: 'Printed %s. This is a copy of the current text for reading; it is not signed.',
  },
  fi: {
    contractId: 'Sopimustunnus',
    parties: 'Osapuolet',
    sender: 'Lähettäjä',
    receiver: 'Vastaanottaja',
    businessId: 'Y-tunnus',
    address: 'Osoite',
    email: 'Sähköposti',
    signatures: 'Allekirjoitukset',
    notSigned: 'Ei allekirjoitettu',
    signedAt: 'Allekirjoitettu',
    attachments: 'Liitteet',
    auditTrail: 'Tapahtumaloki',
    document: 'Asiakirja',
    contentHash: 'Sopimuksen sisällön SHA-256',
    pdfHash: 'Alkuperäisen PDF:n SHA-256',
    chainHead: 'Viimeisen lokitapahtuman tiiviste',
    generated: 'Luotu',
    signer: 'Allekirjoittaja',
    name: 'Nimi',
    phone: 'Puhelin',
    verified: 'vahvistettu koodilla',
    notVerified: 'ei vahvistettu',
    ip: 'IP-osoite',
    location: 'Sijainti',
    userAgent: 'Selain',
    signature: 'Allekirjoitus',
    events: 'Tapahtumat',
    consent: 'Suostumus',
    consentAccepted: 'sähköisen allekirjoituksen ehdot hyväksytty (versio %s)',
    page: 'Sivu',
    none: '—',
    printed: 'Tulostettu %s. Tämä on nykyisen tekstin lukukopio; sitä ei ole allekirjoitettu.',
  },
} as const;

type Labels = (typeof labels)[PdfLang];

/** 2026-11-23 14:05:09 UTC */
export function formatPdfTime(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

const sans = (size: number, isBold = false, color = INK): Omit<StyledRun, 'text'> => ({
  face: textFace('sans', { isBold }),
  size,
  color,
});
const serif = (size: number, isBold = false, color = INK): Omit<StyledRun, 'text'> => ({
  face: textFace('serif', { isBold }),
  size,
  color,
});

function signerName(signer: PdfSigner) {
  return `${signer.firstname} ${signer.lastname}`.trim();
}

/** Title, contract id, an optional abstract, the parties and the numbered sections. */
async function contractBody(
  writer: PdfWriter,
  t: Labels,
  input: ContractContent & { abstract?: string },
) {
  await writer.paragraph([{ text: input.title, ...sans(20, true) }], { spaceAfter: 4 });
  await writer.paragraph(
    [{ text: `${t.contractId}: ${input.contractId}`, ...sans(9.5, false, MUTED) }],
    {
      spaceAfter: 14,
    },
  );
  if (input.abstract) {
    await writer.paragraph([{ text: input.abstract, ...serif(10.5, false, MUTED) }], {
      spaceAfter: 10,
    });
  }

  await heading(writer, t.parties);
  for (const role of partyRoles) {
    await partyBlock(writer, t, role, input.parties[role]);
  }
  writer.moveDown(6);

  for (const section of input.sections) {
    const level = section.number.split('.').length;
    const indent = Math.min(level - 1, 3) * 14;
    await writer.paragraph(
      [
        {
          text: `§ ${section.number}   ${section.title}`.trimEnd(),
          ...sans(level === 1 ? 12.5 : 11, true),
        },
      ],
      { indent, spaceBefore: level === 1 ? 12 : 6, spaceAfter: 4, keepWithNext: 28 },
    );
    await writer.blocks(htmlToBlocks(section.html), { family: 'serif', size: 10.5, indent });
  }
}

/** The attachments by name (A 1, A 2 ...). */
async function attachmentList(writer: PdfWriter, t: Labels, attachments: PdfAttachment[]) {
  if (attachments.length === 0) return;
  await heading(writer, t.attachments);
  for (const [index, attachment] of attachments.entries()) {
    await writer.paragraph([{ text: `A ${index + 1}   ${attachment.name}`, ...serif(10.5) }], {
      spaceAfter: 3,
    });
  }
}

/** What 'Open PDF' prints of a deal that is not signed yet: its current text, marked unsigned. */
export type PrintablePdfInput = ContractContent & {
  lang?: PdfLang;
  abstract?: string;
  /** Listed by name only. */
  attachments?: PdfAttachment[];
  generatedAt?: Date;
};

/**
 * A reading copy of a contract as it stands (no signatures, no audit page, no seal), drawn with
 * the same embedded Unicode fonts and layout as the signed PDF.
 */
export async function renderPrintablePdf(input: PrintablePdfInput): Promise<Uint8Array> {
  const t = labels[input.lang ?? 'en'];
  const doc = await PDFDocument.create();
  setMetadata(doc, input);
  const fonts = new DocumentFonts(doc);
  const writer = new PdfWriter(doc, fonts);
  writer.newPage();
  const printedAt = formatPdfTime(input.generatedAt ?? new Date());
  await writer.paragraph(
    [{ text: t.printed.replace('%s', printedAt), ...sans(8.5, false, MUTED) }],
    {
      spaceAfter: 10,
    },
  );
  await contractBody(writer, t, input);
  await attachmentList(writer, t, input.attachments ?? []);
  await footers(doc, fonts, writer.pages, t, input.contractId);
  return doc.save();
}

/** The contract, signatures, attachments and audit page as one PDF. */
export async function renderContractPdf(input: ContractPdfInput): Promise<Uint8Array> {
  const lang = input.lang ?? 'en';
  const t = labels[lang];
  const doc = await PDFDocument.create();
  setMetadata(doc, input);
  const fonts = new DocumentFonts(doc);
  const writer = new PdfWriter(doc, fonts);
  writer.newPage();

  await contractBody(writer, t, input);
  await signaturesBlock(writer, t, input);
  const attachments = input.attachments ?? [];
  await attachmentList(writer, t, attachments);
  const contractPages = [...writer.pages];

  for (const attachment of attachments) {
    if (!attachment.pdf) continue;
    const source = await PDFDocument.load(attachment.pdf);
    const pages = await doc.copyPages(source, source.getPageIndices());
    for (const page of pages) doc.addPage(page);
  }

  const auditWriter = new PdfWriter(doc, fonts);
  await auditPages(auditWriter, t, input, {
    hashLabel: t.contentHash,
    hash: input.contentSha256 ?? contractContentSha256(input),
  });
  await footers(doc, fonts, [...contractPages, ...auditWriter.pages], t, input.contractId);
  return doc.save();
}

/**
 * The Send & Sign PDF result: the uploaded PDF with a signatures page and the audit page
 * appended. The audit page carries the SHA-256 of the uploaded PDF as it was.
 */
export async function appendSigningPages(
  uploadedPdf: Uint8Array,
  input: SigningPagesInput,
): Promise<Uint8Array> {
  const lang = input.lang ?? 'en';
  const t = labels[lang];
  const doc = await PDFDocument.load(uploadedPdf, { updateMetadata: false });
  setMetadata(doc, input);
  const fonts = new DocumentFonts(doc);
  const writer = new PdfWriter(doc, fonts);
  writer.newPage();
  await writer.paragraph([{ text: input.title, ...sans(16, true) }], { spaceAfter: 2 });
  await writer.paragraph(
    [{ text: `${t.contractId}: ${input.contractId}`, ...sans(9.5, false, MUTED) }],
    {
      spaceAfter: 10,
    },
  );
  await heading(writer, t.parties);
  for (const role of partyRoles) {
    await partyBlock(writer, t, role, input.parties[role]);
  }
  await signaturesBlock(writer, t, input);
  await auditPages(writer, t, input, { hashLabel: t.pdfHash, hash: sha256Hex(uploadedPdf) });
  await footers(doc, fonts, writer.pages, t, input.contractId);
  return doc.save();
}

function setMetadata(
  doc: PDFDocument,
  input: { title: string; contractId: string; generatedAt?: Date },
) {
  doc.setTitle(input.title);
  doc.setSubject(input.contractId);
  doc.setProducer('Pactum');
  doc.setCreator('Pactum');
  const at = input.generatedAt ?? new Date();
  doc.setCreationDate(at);
  doc.setModificationDate(at);
}

async function heading(writer: PdfWriter, text: string) {
  await writer.paragraph([{ text, ...sans(13, true) }], {
    spaceBefore: 14,
    spaceAfter: 6,
    keepWithNext: 40,
  });
}

async function partyBlock(writer: PdfWriter, t: Labels, role: PartyRole, party: Party) {
  await writer.paragraph(
    [
      { text: `${role === 'sender' ? t.sender : t.receiver}: `, ...sans(10, false, MUTED) },
      { text: party.name || t.none, ...serif(11, true) },
    ],
    { spaceAfter: 1, keepWithNext: 14 },
  );
  const details = [
    party.vat ? `${t.businessId}: ${party.vat}` : null,
    party.address ? `${t.address}: ${party.address}` : null,
    party.email ? `${t.email}: ${party.email}` : null,
  ].filter((line): line is string => line !== null);
  for (const line of details) {
    await writer.paragraph([{ text: line, ...serif(10) }], { indent: 12, spaceAfter: 1 });
  }
  writer.moveDown(5);
}

async function signaturesBlock(
  writer: PdfWriter,
  t: Labels,
  input: { parties: ContractContent['parties']; signers: PdfSigner[] },
) {
  await heading(writer, t.signatures);
  for (const role of partyRoles) {
    const signers = input.signers.filter((signer) => signer.party === role);
    if (signers.length === 0) continue;
    await writer.paragraph(
      [
        {
          text: input.parties[role].name || (role === 'sender' ? t.sender : t.receiver),
          ...sans(11, true),
        },
      ],
      { spaceBefore: 6, spaceAfter: 4, keepWithNext: 80 },
    );
    for (const signer of signers) {
      writer.ensureSpace(84);
      if (signer.signature) {
        await writer.paragraph(
          [
            {
              text: signer.signature.text,
              face: signatureFace(signer.signature.font),
              size: 24,
              color: hexColor(signatureColorHex[signer.signature.color]),
            },
          ],
          { lineHeight: 38, indent: 8 },
        );
      } else {
        writer.moveDown(38);
      }
      writer.page.drawLine({
        start: { x: writer.left, y: writer.y - 2 },
        end: { x: writer.left + 240, y: writer.y - 2 },
        thickness: 0.6,
        color: RULE,
      });
      writer.moveDown(4);
      await writer.paragraph([{ text: signerName(signer), ...serif(10.5, true) }], {
        spaceAfter: 0,
      });
      await writer.paragraph(
        [
          {
            text: signer.signedAt ? `${t.signedAt} ${formatPdfTime(signer.signedAt)}` : t.notSigned,
            ...sans(9, false, MUTED),
          },
        ],
        { spaceAfter: 12 },
      );
    }
  }
}

async function auditPages(
  writer: PdfWriter,
  t: Labels,
  input: SigningPagesInput,
  hash: { hashLabel: string; hash: string },
) {
  writer.newPage();
  await writer.paragraph([{ text: t.auditTrail, ...sans(16, true) }], { spaceAfter: 8 });
  const row = async (label: string, value: string) => {
    await writer.paragraph(
      [
        { text: `${label}: `, ...sans(9, false, MUTED) },
        { text: value, ...sans(9.5) },
      ],
      { spaceAfter: 1.5, indent: 0 },
    );
  };
  await row(t.document, input.title);
  await row(t.contractId, input.contractId);
  await row(hash.hashLabel, hash.hash);
  if (input.auditChainHead) await row(t.chainHead, input.auditChainHead);
  await row(t.generated, formatPdfTime(input.generatedAt ?? new Date()));
  writer.rule();

  for (const signer of input.signers) {
    await writer.paragraph(
      [
        { text: `${t.signer}: `, ...sans(10, false, MUTED) },
        { text: signerName(signer), ...sans(10.5, true) },
        {
          text: `  (${input.parties[signer.party].name || (signer.party === 'sender' ? t.sender : t.receiver)})`,
          ...sans(9.5, false, MUTED),
        },
      ],
      { spaceBefore: 6, spaceAfter: 2, keepWithNext: 90 },
    );
    await row(t.email, signer.email);
    await row(
      t.phone,
      signer.phone
        ? `${signer.phone} (${signer.isPhoneVerified ? t.verified : t.notVerified})`
        : t.none,
    );
    await row(t.signedAt, signer.signedAt ? formatPdfTime(signer.signedAt) : t.notSigned);
    await row(t.ip, signer.ip ?? t.none);
    const location = [signer.city, signer.country].filter(Boolean).join(', ');
    await row(t.location, location || t.none);
    await row(t.userAgent, signer.userAgent ?? t.none);
    if (signer.consentVersion) {
      await row(t.consent, t.consentAccepted.replace('%s', signer.consentVersion));
    }
    if (signer.signature) {
      await row(
        t.signature,
        `${signer.signature.text} (${signatureFontNames[signer.signature.font]}, ${signer.signature.color})`,
      );
    }
  }

  if (input.events && input.events.length > 0) {
    writer.rule();
    await writer.paragraph([{ text: t.events, ...sans(11, true) }], {
      spaceAfter: 4,
      keepWithNext: 20,
    });
    for (const event of input.events) {
      await writer.paragraph(
        [
          { text: `${formatPdfTime(event.at)}  `, ...sans(8.5, false, MUTED) },
          { text: event.text, ...sans(9) },
        ],
        { spaceAfter: 1 },
      );
    }
  }
}

async function footers(
  doc: PDFDocument,
  fonts: DocumentFonts,
  pages: ReturnType<PDFDocument['getPages']>,
  t: Labels,
  contractId: string,
) {
  const all = doc.getPages();
  const style = sans(8, false, MUTED);
  const writer = new PdfWriter(doc, fonts);
  for (const page of pages) {
    const number = all.indexOf(page) + 1;
    const run = { text: `${contractId}  ·  ${t.page} ${number} / ${all.length}`, ...style };
    await writer.prepare([run]);
    const width = writer.width(run);
    writer.drawRun(run, (page.getWidth() - width) / 2, 32, page);
  }
}
