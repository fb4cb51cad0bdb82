import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { createPlatform } from '../platform';
import { contractContentSha256, sha256Hex } from './content-hash';
import { createPdfService, inspectPdf } from './pdf';
import type { ContractPdfInput } from './render';
import { certificateToP12, generateSelfSignedCertificate } from './seal';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-pdf-'));
let fileCount = 0;

function writeTemp(bytes: Uint8Array, name = `doc-${++fileCount}.pdf`) {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, bytes);
  return file;
}

/** pdfsig's report of a PDF (certificate trust is not checked: the test seals are self-signed). */
function pdfsig(bytes: Uint8Array): string {
  try {
    return execFileSync('pdfsig', ['-nocert', '-no-ocsp', writeTemp(bytes)], { encoding: 'utf8' });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
  }
}

/** The PDF's text with white space (line breaks of wrapped lines) collapsed. */
function pdftotext(bytes: Uint8Array): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', writeTemp(bytes), '-'], {
    encoding: 'utf8',
  }).replace(/\s+/g, ' ');
}

/** Flips one bit of a byte inside the first signed range, away from the PDF header. */
function flipSignedByte(sealed: Uint8Array): Uint8Array {
  const text = Buffer.from(sealed).toString('latin1');
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text);
  if (!match) throw new Error('no ByteRange');
  const firstRangeLength = Number(match[2]);
  const copy = new Uint8Array(sealed);
  const at = Math.floor(firstRangeLength / 2);
  copy[at] = (copy[at] ?? 0) ^ 0x01;
  return copy;
}

const signedAt = new Date('2026-11-23T12:34:56Z');

const contract: ContractPdfInput = {
  lang: 'en',
  title: 'Yhteistyösopimus – Pohjoisen Puu Oy',
  contractId: 'PCT-2026-0042',
  parties: {
    sender: { type: 'business', name: 'Pohjoisen Puu Oy', vat: '1234567-8' },
    receiver: { type: 'business', name: 'Åland Sjöfart Ab', email: 'info@sjofart.ax' },
  },
  sections: [
    {
      number: '1',
      title: 'Sopimuksen kohde',
      html: '<p>Toimittaja sitoutuu toimittamaan <strong>sahatavaraa</strong> hintaan 12 000 € kuukaudessa.</p><ul><li>Mäntyä</li><li>Kuusta</li></ul>',
    },
    {
      number: '1.1',
      title: 'Hinnasto',
      html: '<table><tr><th>Tuote</th><th>Hinta</th></tr><tr><td>Lauta</td><td>4,50 €</td></tr></table><p>Hinnat ovat arvonlisäverottomia.<br>Maksuehto 14 päivää.</p>',
    },
    {
      number: '2',
      title: 'Voimassaolo',
      html: `<p>${'Sopimus on voimassa toistaiseksi. '.repeat(220)}</p>`,
    },
  ],
  signers: [
    {
      party: 'sender',
      firstname: 'Matti',
      lastname: 'Meikäläinen',
      email: 'matti@puu.fi',
      phone: '+358401234567',
      isPhoneVerified: true,
      signedAt,
      signature: { text: 'Matti Meikäläinen', font: 'dancing-script', color: 'purple' },
      ip: '203.0.113.7',
      city: 'Oulu',
      country: 'Finland',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
      consentVersion: '2026-11-23',
    },
    {
      party: 'receiver',
      firstname: 'Åsa',
      lastname: 'Öberg',
      email: 'asa@sjofart.ax',
      phone: '+358457654321',
      isPhoneVerified: false,
      signedAt,
      signature: { text: 'Åsa Öberg', font: 'mr-bedfort', color: 'green' },
      ip: null,
      city: null,
      country: null,
      userAgent: null,
    },
  ],
  attachments: [{ name: 'Liite 1 – toimitusehdot.pdf' }],
  generatedAt: signedAt,
};

describe('the contract PDF', () => {
  let pdf: Uint8Array;
  let text: string;
  beforeAll(async () => {
    const database = { db: undefined } as unknown as TestDatabase;
    pdf = await createPdfService({
      database,
      operatorP12: undefined,
      publicUrl: 'http://localhost:3000',
    }).renderContract(contract);
    text = pdftotext(pdf);
  });

  it('shows the title, parties and numbered sections with Finnish text and €', () => {
    expect(text).toContain('Yhteistyösopimus – Pohjoisen Puu Oy');
    expect(text).toContain('Contract ID: PCT-2026-0042');
    expect(text).toContain('Åland Sjöfart Ab');
    expect(text).toContain('§ 1');
    expect(text).toContain('§ 1.1');
    expect(text).toContain('sahatavaraa hintaan 12 000 € kuukaudessa.');
    expect(text).toContain('Mäntyä');
    expect(text).toContain('4,50 €');
    expect(text).toContain('Maksuehto 14 päivää.');
    expect(text).toContain('A 1 Liite 1 – toimitusehdot.pdf');
  });

  it('breaks long text onto further pages', async () => {
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(4);
    expect(text).toContain(`Page 1 / ${doc.getPageCount()}`);
  });

  it('draws each signature in its font and embeds subset fonts', () => {
    expect(text).toContain('Matti Meikäläinen');
    const fonts = execFileSync('pdffonts', [writeTemp(pdf)], { encoding: 'utf8' });
    expect(fonts).toMatch(/DancingScript/);
    expect(fonts).toMatch(/MrBedfort/);
    expect(fonts).toMatch(/NotoSerif/);
    // every font embedded
    for (const line of fonts.split('\n').slice(2).filter(Boolean)) expect(line).toMatch(/\byes\b/);
    expect(pdf.length).toBeLessThan(400_000);
  });

  it('has an audit page with every signer and the content hash', () => {
    const audit = text.slice(text.indexOf('Audit trail'));
    expect(audit).toContain(`SHA-256 of the contract content: ${contractContentSha256(contract)}`);
    expect(audit).toContain('E-mail: matti@puu.fi');
    expect(audit).toContain('Phone: +358401234567 (verified with a code)');
    expect(audit).toContain('Phone: +358457654321 (not verified)');
    expect(audit).toContain('Signed: 2026-11-23 12:34:56 UTC');
    expect(audit).toContain('IP address: 203.0.113.7');
    expect(audit).toContain('Location: Oulu, Finland');
    expect(audit).toContain('User agent: Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0');
    expect(audit).toContain('Consent: electronic signature terms accepted (version 2026-11-23)');
    expect(audit).toContain('Åsa Öberg');
  });

  it('is in Finnish when asked', async () => {
    const fi = pdftotext(
      await createPdfService({
        database: { db: undefined } as unknown as TestDatabase,
        operatorP12: undefined,
        publicUrl: 'http://localhost:3000',
      }).renderContract({ ...contract, lang: 'fi' }),
    );
    expect(fi).toContain('Tapahtumaloki');
    expect(fi).toContain('Puhelin: +358401234567 (vahvistettu koodilla)');
  });
});

describe('the contract PDF with awkward content', () => {
  const service = () =>
    createPdfService({
      database: { db: undefined } as unknown as TestDatabase,
      operatorP12: undefined,
      publicUrl: 'http://localhost:3000',
    });

  it('draws missing glyphs as ?, breaks long words, falls back for signature fonts, appends attachment pages and lists events', async () => {
    const attachment = await PDFDocument.create();
    attachment.addPage().drawText('Attachment page one', {
      x: 50,
      y: 700,
      size: 12,
      font: await attachment.embedFont(StandardFonts.Helvetica),
    });
    attachment.addPage();
    const pdf = await service().renderContract({
      ...contract,
      sections: [
        { number: '1', title: 'Empty', html: '' },
        {
          number: '2',
          title: 'Odd text',
          html: `<p>漢字 and 😀 and Ωμέγα and Привет</p><p>https://example.com/${'x'.repeat(300)}</p><table><tr><td>${'Pitkä solu. '.repeat(600)}Solun loppu.</td><td>Toinen sarake</td></tr></table>`,
        },
      ],
      signers: [
        {
          ...(contract.signers[0] as ContractPdfInput['signers'][number]),
          signature: { text: 'Иван Петров', font: 'montez', color: 'indigo' },
        },
      ],
      attachments: [{ name: 'terms.pdf', pdf: await attachment.save() }],
      events: [
        { at: signedAt, text: 'Signing started — Matti Meikäläinen' },
        { at: signedAt, text: 'All parties signed' },
      ],
      auditChainHead: 'ab'.repeat(32),
    });
    const text = pdftotext(pdf);
    expect(text).toContain('?? and ? and Ωμέγα and Привет');
    expect(text).toContain('Иван Петров');
    // a table row taller than a page flows on instead of being cut off
    expect(text).toContain('Solun loppu. Toinen sarake');
    expect(text).toContain('Attachment page one');
    expect(text).toContain('Signing started — Matti Meikäläinen');
    expect(text).toContain(`Last audit event hash: ${'ab'.repeat(32)}`);
    expect(text.indexOf('Attachment page one')).toBeLessThan(text.indexOf('Audit trail'));
    // the 300-character word is broken over lines, nothing of it lost
    expect(text.replace(/ /g, '')).toContain(`https://example.com/${'x'.repeat(300)}`);
  });
});

describe('the seal', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('verifies with pdfsig over the whole document; one flipped byte fails it', async () => {
    const service = createPdfService({
      database,
      operatorP12: undefined,
      publicUrl: 'https://pactum.example',
    });
    const sealed = await service.seal(await service.renderContract(contract));
    const report = pdfsig(sealed);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Pactum document seal (pactum.example)');

    const tampered = pdfsig(flipSignedByte(sealed));
    expect(tampered).not.toContain('Signature is Valid');
    expect(tampered).toContain('Digest Mismatch');
  });

  it('uses one self-signed certificate per database, shared by every process', async () => {
    const first = createPdfService({
      database,
      operatorP12: undefined,
      publicUrl: 'https://a.example',
    });
    const second = createPdfService({
      database,
      operatorP12: undefined,
      publicUrl: 'https://b.example',
    });
    const [a, b] = await Promise.all([first.sealCertificate(), second.sealCertificate()]);
    expect(a.sha256Fingerprint).toBe(b.sha256Fingerprint);
    expect(a.isSelfSigned).toBe(true);
  });

  it("seals with the operator's PKCS#12 from SEAL_P12_PATH", async () => {
    const operatorCert = generateSelfSignedCertificate({ commonName: 'Operator Seal Oy' });
    const p12File = writeTemp(certificateToP12(operatorCert, 'hunter2-öö'), 'operator.p12');
    const config = loadConfig({
      NODE_ENV: 'test',
      SEAL_P12_PATH: p12File,
      SEAL_P12_PASSPHRASE: 'hunter2-öö',
    });
    const platform = await createPlatform(config, database);
    const sealed = await platform.pdf.seal(await platform.pdf.renderContract(contract));
    const report = pdfsig(sealed);
    expect(report).toContain('Signer Certificate Common Name: Operator Seal Oy');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
  });

  it('refuses to start with a wrong passphrase or an unreadable file', async () => {
    const operatorCert = generateSelfSignedCertificate({ commonName: 'Operator Seal Oy' });
    const base64 = Buffer.from(certificateToP12(operatorCert, 'right')).toString('base64');
    const config = loadConfig({
      NODE_ENV: 'test',
      SEAL_P12_BASE64: base64,
      SEAL_P12_PASSPHRASE: 'wrong',
    });
    await expect(createPlatform(config, database)).rejects.toThrow(ConfigError);
    expect(() =>
      loadConfig({ NODE_ENV: 'test', SEAL_P12_PATH: path.join(tmp, 'missing.p12') }),
    ).toThrow(/SEAL_P12_PATH: cannot read/);
  });

  it('Send & Sign PDF: the uploaded PDF with signature and audit pages appended, sealed', async () => {
    const upload = await PDFDocument.create();
    const page = upload.addPage();
    page.drawText('Original uploaded agreement', {
      x: 50,
      y: 700,
      size: 14,
      font: await upload.embedFont(StandardFonts.Helvetica),
    });
    const uploaded = await upload.save();
    const service = createPdfService({
      database,
      operatorP12: undefined,
      publicUrl: 'https://pactum.example',
    });
    const { sections: _sections, attachments: _attachments, ...pagesInput } = contract;
    const signed = await service.seal(await service.appendSigningPages(uploaded, pagesInput));
    expect((await PDFDocument.load(signed)).getPageCount()).toBe(3);
    const text = pdftotext(signed);
    expect(text).toContain('Original uploaded agreement');
    expect(text).toContain('Signatures');
    expect(text).toContain(`SHA-256 of the original PDF: ${sha256Hex(uploaded)}`);
    expect(text).toContain('Location: Oulu, Finland');
    const report = pdfsig(signed);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
  });
});

describe('inspecting an upload for Send & Sign PDF', () => {
  it('tells readable, already signed, encrypted and broken PDFs apart', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    doc.addPage();
    const plain = await doc.save({ useObjectStreams: false });
    expect(await inspectPdf(plain)).toEqual({
      isReadable: true,
      pageCount: 2,
      hasSignatures: false,
    });

    const sealed = await createPdfService({
      database: { db: undefined } as unknown as TestDatabase,
      operatorP12: {
        p12: certificateToP12(generateSelfSignedCertificate({ commonName: 'Inspect' }), 'pw'),
        passphrase: 'pw',
      },
      publicUrl: 'http://localhost:3000',
    }).seal(plain);
    expect(await inspectPdf(sealed)).toMatchObject({ isReadable: true, hasSignatures: true });

    const text = Buffer.from(plain).toString('latin1');
    const encrypted = text.replace(
      /trailer\s*<</,
      (match) => `${match}\n/Encrypt << /Filter /Standard /V 1 /R 2 >>`,
    );
    expect(encrypted).not.toBe(text);
    expect(await inspectPdf(Buffer.from(encrypted, 'latin1'))).toEqual({
      isReadable: false,
      reason: 'encrypted',
    });
    expect(await inspectPdf(Buffer.from('%PDF-1.7 not really'))).toEqual({
      isReadable: false,
      reason: 'invalid',
    });
  });
});
