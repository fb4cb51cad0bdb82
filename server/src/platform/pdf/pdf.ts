import { PDFDocument, PDFName, PDFSignature } from 'pdf-lib';
import type { Database } from '../../db/client';
import { createPrintableRenderer } from './printable';
import {
  appendSigningPages,
  type ContractPdfInput,
  type PrintablePdfInput,
  renderContractPdf,
  type SigningPagesInput,
} from './render';
import {
  type CertificateInfo,
  certificateFromP12,
  describeCertificate,
  loadStoredCertificate,
  type SealCertificate,
  type SealOptions,
  sealPdf,
} from './seal';

/**
 * PDFs of signed contracts: drawing them (no browser) and sealing them with the server's
 * certificate. `platform.pdf` in every process.
 */
export type PdfService = {
  /** The contract with its signatures, attachments and audit page. */
  renderContract(input: ContractPdfInput): Promise<Uint8Array>;
  /** 'Open PDF' before signing: the current text as a reading copy, marked unsigned. */
  renderPrintable(input: PrintablePdfInput): Promise<Uint8Array>;
  /** Send & Sign PDF: the uploaded PDF with the signatures and audit pages appended. */
  appendSigningPages(uploadedPdf: Uint8Array, input: SigningPagesInput): Promise<Uint8Array>;
  /** The PDF sealed (PAdES B-B) with the operator's or the installation's certificate. */
  seal(pdf: Uint8Array, options?: SealOptions): Promise<Uint8Array>;
  /** Who seals: shown to users and operators (fingerprint to compare). */
  sealCertificate(): Promise<CertificateInfo>;
  /** What Send & Sign PDF must know of an upload before it is used (see `inspectPdf`). */
  inspect(pdf: Uint8Array): Promise<PdfInspection>;
  /** Stops the printable copies' thread (when the process stops). */
  close(): Promise<void>;
};

/**
 * An uploaded PDF as the signing flow sees it. Encrypted or unreadable PDFs cannot get signing
 * pages. A PDF that already carries digital signatures can, but rewriting it invalidates them
 * (pdf-lib saves a whole new file), so the flow should warn or refuse.
 */
export type PdfInspection =
  | { isReadable: true; pageCount: number; hasSignatures: boolean }
  | { isReadable: false; reason: 'encrypted' | 'invalid' };

export async function inspectPdf(pdf: Uint8Array): Promise<PdfInspection> {
  try {
    const doc = await PDFDocument.load(pdf, { updateMetadata: false, ignoreEncryption: true });
    if (doc.isEncrypted) return { isReadable: false, reason: 'encrypted' };
    const hasSignatures = doc
      .getForm()
      .getFields()
      .some((field) => field instanceof PDFSignature && field.acroField.dict.has(PDFName.of('V')));
    return { isReadable: true, pageCount: doc.getPageCount(), hasSignatures };
  } catch {
    return { isReadable: false, reason: 'invalid' };
  }
}

export function createPdfService(options: {
  database: Database;
  /** The operator's certificate (SEAL_P12_*); unset means the installation's self-signed one. */
  operatorP12: { p12: Uint8Array; passphrase: string } | undefined;
  publicUrl: string;
}): PdfService {
  // An operator PKCS#12 is read at once, so a wrong passphrase stops the start.
  const operator = options.operatorP12
    ? certificateFromP12(options.operatorP12.p12, options.operatorP12.passphrase)
    : undefined;
  let stored: Promise<SealCertificate> | undefined;
  const certificate = (): Promise<SealCertificate> => {
    if (operator) return Promise.resolve(operator);
    stored ??= loadStoredCertificate(options.database, {
      commonName: `Pactum document seal (${new URL(options.publicUrl).host})`,
    }).catch((error: unknown) => {
      stored = undefined; // try again on the next seal
      throw error;
    });
    return stored;
  };
  // Off the event loop, in a thread of its own, and kept a minute by content (printable.ts).
  const printable = createPrintableRenderer();
  return {
    renderContract: renderContractPdf,
    renderPrintable: (input) => printable.render(input),
    appendSigningPages,
    async seal(pdf, sealOptions) {
      return sealPdf(pdf, await certificate(), {
        location: new URL(options.publicUrl).host,
        ...sealOptions,
      });
    },
    async sealCertificate() {
      return describeCertificate(await certificate());
    },
    inspect: inspectPdf,
    close: () => printable.close(),
  };
}
