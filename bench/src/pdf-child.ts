import { performance } from 'node:perf_hooks';
import { buildClauseHtml, companyName, SECTION_TITLES } from './contract-text';
import type { PdfReply } from './pdf-first';
import { createRandom } from './prng';

/*
 * A fresh process that makes sealed contract PDFs with the server's PDF service (render, then
 * seal, as signed-pdf-build.ts does), so the first one is really the first of a process. Forked
 * by pdf-first.ts; answers the timings once.
 */

const SECTIONS = 20;
const WARM_RUNS = 3;

async function measure(): Promise<PdfReply> {
  const importStarted = performance.now();
  const { createPdfService } = await import('../../server/src/platform/pdf/pdf');
  const seal = await import('../../server/src/platform/pdf/seal');
  const importMs = performance.now() - importStarted;

  // The installation's certificate is made and stored once; here it is handed over ready.
  const certificate = seal.generateSelfSignedCertificate({ commonName: 'Pactum bench seal' });
  const service = createPdfService({
    database: undefined as never,
    operatorP12: { p12: seal.certificateToP12(certificate, 'bench'), passphrase: 'bench' },
    publicUrl: 'http://localhost:3000',
  });
  const random = createRandom(20);
  const sender = companyName(random);
  const receiver = companyName(random);
  const signedAt = new Date(Date.UTC(2026, 10, 23, 12));
  const signer = (party: 'sender' | 'receiver', firstname: string, lastname: string) => ({
    party,
    firstname,
    lastname,
    email: `${firstname.toLowerCase()}@example.com`,
    phone: null,
    isPhoneVerified: false,
    signedAt,
    signature: {
      text: `${firstname} ${lastname}`,
      font: 'dancing-script' as const,
      color: 'indigo' as const,
    },
    ip: '203.0.113.7',
    city: 'Oulu',
    country: 'Finland',
    userAgent: 'Mozilla/5.0',
  });
  const input = {
    lang: 'en' as const,
    title: `Service agreement – ${receiver}`,
    contractId: 'PCT-2026-0001',
    parties: {
      sender: { type: 'business' as const, name: sender },
      receiver: { type: 'business' as const, name: receiver },
    },
    sections: Array.from({ length: SECTIONS }, (_, index) => ({
      number: String(index + 1),
      title: SECTION_TITLES[index % SECTION_TITLES.length] ?? `Section ${index + 1}`,
      html: buildClauseHtml(random),
    })),
    signers: [signer('sender', 'Matti', 'Meikäläinen'), signer('receiver', 'Anna', 'Berg')],
    generatedAt: signedAt,
  };
  const sealedPdf = async () => {
    const started = performance.now();
    const pdf = await service.seal(await service.renderContract(input));
    return { ms: performance.now() - started, bytes: pdf.byteLength };
  };
  const first = await sealedPdf();
  const warm: number[] = [];
  for (let run = 0; run < WARM_RUNS; run++) warm.push((await sealedPdf()).ms);
  return { type: 'result', importMs, firstMs: first.ms, warmMs: warm, bytes: first.bytes };
}

function reply(message: PdfReply): void {
  process.send?.(message, () => process.disconnect());
}

measure()
  .then(reply)
  .catch((error: unknown) =>
    reply({ type: 'error', message: error instanceof Error ? error.message : String(error) }),
  );
