import { createHash, createPrivateKey, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { Signer, SignPdf } from '@signpdf/signpdf';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import { PDFDocument } from 'pdf-lib';
import type { Database } from '../../db/client';
import { appSecrets } from '../../db/schema';

/*
 * The seal: a PAdES baseline (B-B) signature over the whole PDF — a detached CMS/CAdES
 * SignedData in a signature dictionary with SubFilter ETSI.CAdES.detached. Any change to the
 * signed bytes afterwards makes verification fail. The CMS is built here rather than with
 * node-forge's PKCS#7 writer because CAdES needs the ESS signing-certificate-v2 attribute,
 * which that writer cannot add.
 */

/** A signing key and its certificate chain (the signing certificate first), as PEM. */
export type SealCertificate = { privateKeyPem: string; certificatePems: string[] };

/** Room reserved for the CMS in the PDF (bytes); enough for a chain of a few RSA 4096 certs. */
const SIGNATURE_LENGTH = 16_384;

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
};

const { asn1 } = forge;
const U = asn1.Class.UNIVERSAL;
const oidNode = (oid: string) =>
  asn1.create(U, asn1.Type.OID, false, asn1.oidToDer(oid).getBytes());
const nullNode = () => asn1.create(U, asn1.Type.NULL, false, '');
const seq = (items: forge.asn1.Asn1[]) => asn1.create(U, asn1.Type.SEQUENCE, true, items);
const setOf = (items: forge.asn1.Asn1[]) => asn1.create(U, asn1.Type.SET, true, items);
const integer = (bytes: string) => asn1.create(U, asn1.Type.INTEGER, false, bytes);
const octets = (bytes: string) => asn1.create(U, asn1.Type.OCTETSTRING, false, bytes);
const explicit = (tag: number, items: forge.asn1.Asn1[]) =>
  asn1.create(asn1.Class.CONTEXT_SPECIFIC, tag, true, items);
const der = (node: forge.asn1.Asn1) => asn1.toDer(node).getBytes();
const sha256Binary = (data: string | Buffer) =>
  createHash('sha256')
    .update(typeof data === 'string' ? Buffer.from(data, 'binary') : data)
    .digest('binary');
const attribute = (type: string, value: forge.asn1.Asn1) => seq([oidNode(type), setOf([value])]);

/**
 * Certificates parsed once per process: node-forge parses in JavaScript (and hashes each one as
 * it goes), a cost every seal paid again. A process seals with one or two certificates.
 */
const parsedCertificates = new Map<string, forge.pki.Certificate>();
const MAX_PARSED_CERTIFICATES = 16;

function parseCertificate(pem: string): forge.pki.Certificate {
  let cert = parsedCertificates.get(pem);
  if (!cert) {
    cert = forge.pki.certificateFromPem(pem);
    if (parsedCertificates.size >= MAX_PARSED_CERTIFICATES) parsedCertificates.clear();
    parsedCertificates.set(pem, cert);
  }
  return cert;
}

/** Builds the detached CAdES SignedData of `content` with the certificate's key. */
export function createCadesSignature(content: Buffer, certificate: SealCertificate): Buffer {
  const certs = certificate.certificatePems.map(parseCertificate);
  const signing = certs[0];
  if (!signing) throw new Error('Seal certificate missing');
  const signingDer = der(forge.pki.certificateToAsn1(signing));
  const serial = integer(forge.util.hexToBytes(signing.serialNumber));
  const issuer = forge.pki.distinguishedNameToAsn1(signing.issuer);

  // ESSCertIDv2 with the default hash algorithm (SHA-256) left out, as DER requires.
  const essCertIdV2 = seq([
    octets(sha256Binary(signingDer)),
    seq([seq([explicit(4, [issuer])]), integer(forge.util.hexToBytes(signing.serialNumber))]),
  ]);
  const attributes = [
    attribute(OID.contentType, oidNode(OID.data)),
    attribute(OID.messageDigest, octets(sha256Binary(content))),
    attribute(OID.signingCertificateV2, seq([seq([essCertIdV2])])),
  ]
    .map(der)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)); // DER orders a SET OF by encoding
  const signedAttributesDer = der(setOf(attributes.map((bytes) => asn1.fromDer(bytes))));
  const signature = sign(
    'sha256',
    Buffer.from(signedAttributesDer, 'binary'),
    createPrivateKey(certificate.privateKeyPem),
  );
  // The signed attributes go into SignerInfo as [0] IMPLICIT: the same bytes, another tag.
  const signedAttributes = asn1.fromDer(signedAttributesDer);
  signedAttributes.tagClass = asn1.Class.CONTEXT_SPECIFIC;
  signedAttributes.type = 0;

  const signerInfo = seq([
    integer('\x01'),
    seq([issuer, serial]),
    seq([oidNode(OID.sha256), nullNode()]),
    signedAttributes,
    seq([oidNode(OID.rsaEncryption), nullNode()]),
    octets(signature.toString('binary')),
  ]);
  const signedData = seq([
    integer('\x01'),
    setOf([seq([oidNode(OID.sha256), nullNode()])]),
    seq([oidNode(OID.data)]),
    explicit(
      0,
      certs.map((cert) => forge.pki.certificateToAsn1(cert)),
    ),
    setOf([signerInfo]),
  ]);
  return Buffer.from(der(seq([oidNode(OID.signedData), explicit(0, [signedData])])), 'binary');
}

class CadesSigner extends Signer {
  constructor(private readonly certificate: SealCertificate) {
    super();
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    return createCadesSignature(pdfBuffer, this.certificate);
  }
}

export type SealOptions = {
  /** Shown by PDF readers as the signer's name; defaults to the certificate's common name. */
  name?: string;
  reason?: string;
  location?: string;
  contactInfo?: string;
  signingTime?: Date;
};

/** The PDF with a PAdES seal over all of it. */
export async function sealPdf(
  pdf: Uint8Array,
  certificate: SealCertificate,
  options: SealOptions = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: options.reason ?? 'Signed electronically in Pactum and sealed',
    contactInfo: options.contactInfo ?? '',
    name: options.name ?? describeCertificate(certificate).commonName,
    location: options.location ?? '',
    signatureLength: SIGNATURE_LENGTH,
    subFilter: 'ETSI.CAdES.detached',
    appName: 'Pactum',
    ...(options.signingTime ? { signingTime: options.signingTime } : {}),
  });
  const withPlaceholder = Buffer.from(await doc.save({ useObjectStreams: false }));
  const sealed = await new SignPdf().sign(withPlaceholder, new CadesSigner(certificate));
  return new Uint8Array(sealed);
}

/** Reads an operator's PKCS#12 (RSA key). Throws with a readable message when it cannot. */
export function certificateFromP12(p12: Uint8Array, passphrase: string): SealCertificate {
  let parsed: forge.pkcs12.Pkcs12Pfx;
  try {
    const p12Asn1 = asn1.fromDer(forge.util.createBuffer(Buffer.from(p12).toString('binary')));
    parsed = forge.pkcs12.pkcs12FromAsn1(p12Asn1, false, passphrase);
  } catch (error) {
    throw new Error(
      `cannot read the PKCS#12 (wrong passphrase or not a PKCS#12 file): ${(error as Error).message}`,
    );
  }
  const bagsOf = (type: string | undefined) =>
    type ? (parsed.getBags({ bagType: type })[type] ?? []) : [];
  const keyBags = [...bagsOf(forge.pki.oids.pkcs8ShroudedKeyBag), ...bagsOf(forge.pki.oids.keyBag)];
  const key = keyBags.find((bag) => bag.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new Error('the PKCS#12 holds no RSA private key');
  const certs = bagsOf(forge.pki.oids.certBag)
    .map((bag) => bag.cert)
    .filter((cert): cert is forge.pki.Certificate => Boolean(cert));
  const own = certs.find((cert) => {
    const publicKey = cert.publicKey as forge.pki.rsa.PublicKey;
    return publicKey.n?.equals(key.n) && publicKey.e?.equals(key.e);
  });
  if (!own) throw new Error('the PKCS#12 holds no certificate for its private key');
  return {
    privateKeyPem: forge.pki.privateKeyToPem(key),
    certificatePems: [own, ...certs.filter((cert) => cert !== own)].map((cert) =>
      forge.pki.certificateToPem(cert),
    ),
  };
}

/** A self-signed sealing certificate (RSA 3072, SHA-256, ten years). */
export function generateSelfSignedCertificate(options: { commonName: string }): SealCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 3072,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  // A positive serial: the first byte below 0x80.
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  const now = Date.now();
  cert.validity.notBefore = new Date(now - 24 * 60 * 60 * 1000);
  cert.validity.notAfter = new Date(now + 10 * 365 * 24 * 60 * 60 * 1000);
  const subject = [
    { name: 'commonName', value: options.commonName },
    { name: 'organizationName', value: 'Pactum' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(privateKey), forge.md.sha256.create());
  return { privateKeyPem: privateKey, certificatePems: [forge.pki.certificateToPem(cert)] };
}

/** A PKCS#12 of a certificate (for tests and operators converting PEM files). */
export function certificateToP12(certificate: SealCertificate, passphrase: string): Uint8Array {
  const p12 = forge.pkcs12.toPkcs12Asn1(
    forge.pki.privateKeyFromPem(certificate.privateKeyPem),
    certificate.certificatePems.map((pem) => forge.pki.certificateFromPem(pem)),
    passphrase,
    { algorithm: '3des' },
  );
  return new Uint8Array(Buffer.from(der(p12), 'binary'));
}

export type CertificateInfo = {
  commonName: string;
  subject: string;
  sha256Fingerprint: string;
  isSelfSigned: boolean;
  notAfter: Date;
};

export function describeCertificate(certificate: SealCertificate): CertificateInfo {
  const cert = parseCertificate(certificate.certificatePems[0] ?? '');
  const name = (attributes: forge.pki.CertificateField[]) =>
    attributes.map((field) => `${field.shortName ?? field.name}=${String(field.value)}`).join(', ');
  return {
    commonName: String(cert.subject.getField('CN')?.value ?? 'Pactum'),
    subject: name(cert.subject.attributes),
    sha256Fingerprint: createHash('sha256')
      .update(Buffer.from(der(forge.pki.certificateToAsn1(cert)), 'binary'))
      .digest('hex'),
    isSelfSigned: cert.isIssuer(cert),
    notAfter: cert.validity.notAfter,
  };
}

const SECRET_NAME = 'seal-certificate';

/**
 * The self-signed sealing certificate of this installation: made on first use and kept in the
 * database (`app_secret`), so every process on the database seals with the same one.
 */
export async function loadStoredCertificate(
  database: Database,
  options: { commonName: string },
): Promise<SealCertificate> {
  const read = async () => {
    const [row] = await database.db
      .select({ value: appSecrets.value })
      .from(appSecrets)
      .where(eq(appSecrets.name, SECRET_NAME));
    return row ? (JSON.parse(row.value) as SealCertificate) : undefined;
  };
  const existing = await read();
  if (existing) return existing;
  const generated = generateSelfSignedCertificate(options);
  // Two processes may both generate; the first insert wins and both use it.
  await database.db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: JSON.stringify(generated) })
    .onConflictDoNothing({ target: appSecrets.name });
  const stored = await read();
  if (!stored) throw new Error('seal certificate missing');
  return stored;
}
