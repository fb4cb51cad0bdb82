import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
} from 'node:crypto';

/*
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP): HMAC-SHA-1, 30-second steps,
 * six digits, the form every authenticator app reads from an otpauth:// address.
 */

export const TOTP_STEP_SECONDS = 30;
const DIGITS = 6;
/** Codes of one step either side are accepted too: clocks drift and people type slowly. */
const DRIFT_STEPS = 1;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding, as authenticator apps expect. */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new shared secret: 20 random bytes (160 bits, RFC 4226's recommendation). */
export function newTotpSecret(): Buffer {
  return randomBytes(20);
}

/** The 30-second step a moment falls in. */
export function totpStep(atMs: number): number {
  return Math.floor(atMs / 1000 / TOTP_STEP_SECONDS);
}

/** The code of one step (RFC 4226 §5.3 dynamic truncation). */
export function totpCode(secret: Uint8Array, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', secret).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, '0');
}

/**
 * The step a typed code belongs to, among the steps around `atMs`; undefined when it matches
 * none. The caller accepts it only for a step after the last one used, so a code works once.
 */
export function matchTotp(secret: Uint8Array, code: string, atMs: number): number | undefined {
  const typed = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(typed)) return undefined;
  const now = totpStep(atMs);
  for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step++) {
    if (totpCode(secret, step) === typed) return step;
  }
  return undefined;
}

/** The otpauth:// address authenticator apps take (by QR code or link). */
export function otpauthUri(secret: Uint8Array, account: string, issuer = 'Pactum'): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret: base32Encode(secret),
    issuer,
    algorithm: 'SHA1',
    digits: String(DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}

/**
 * The key that seals stored TOTP secrets, derived from the auth secret: a copy of the database
 * alone does not give away anyone's codes.
 */
function sealingKey(authSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', authSecret, 'pactum', 'totp-secret', 32));
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function sealSecret(authSecret: string, secret: Uint8Array): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(authSecret), iv);
  const body = Buffer.concat([cipher.update(secret), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function openSecret(authSecret: string, sealed: string): Buffer {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('unknown sealed secret');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    sealingKey(authSecret),
    Buffer.from(iv, 'base64url'),
  );
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
}

/** Ten recovery codes, `xxxxx-xxxxx` in lower-case base32 (50 bits each). */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const text = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}

/** How a recovery code is stored and looked up: dashes, spaces and case do not matter. */
export function recoveryCodeHash(code: string): string {
  const clean = code.replace(/[\s-]/g, '').toLowerCase();
  return createHash('sha256').update(clean).digest('hex');
}

/** Whether a typed code has the shape of a recovery code rather than an authenticator code. */
export function isRecoveryCodeShape(code: string): boolean {
  return /^[a-z2-7]{10}$/i.test(code.replace(/[\s-]/g, ''));
}

/** SHA-256 of a random token, as challenges store it. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
