import type { Database } from '../db/client';
import type { PdfService } from './pdf/pdf';

type PdfServiceOptions = {
  database: Database;
  operatorP12: { p12: Uint8Array; passphrase: string } | undefined;
  publicUrl: string;
};

/**
 * `platform.pdf` with its libraries (pdf-lib, fontkit, signpdf, node-forge: about a second and
 * 80 MB) loaded at the first PDF instead of at start. An operator certificate is read at once
 * all the same, so a wrong SEAL_P12_PASSPHRASE still stops the start.
 */
export async function createLazyPdfService(options: PdfServiceOptions): Promise<PdfService> {
  if (options.operatorP12) {
    const { createPdfService } = await import('./pdf/pdf');
    return createPdfService(options);
  }
  let service: Promise<PdfService> | undefined;
  const load = () => {
    service ??= import('./pdf/pdf').then(({ createPdfService }) => createPdfService(options));
    return service;
  };
  return {
    renderContract: async (input) => (await load()).renderContract(input),
    renderPrintable: async (input) => (await load()).renderPrintable(input),
    appendSigningPages: async (uploadedPdf, input) =>
      (await load()).appendSigningPages(uploadedPdf, input),
    seal: async (pdf, sealOptions) => (await load()).seal(pdf, sealOptions),
    sealCertificate: async () => (await load()).sealCertificate(),
    inspect: async (pdf) => (await load()).inspect(pdf),
    // Nothing to stop when no PDF was ever made.
    close: async () => (service ? (await service).close() : undefined),
  };
}
