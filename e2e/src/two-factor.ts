import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';

/*
 * What an authenticator app does, written here on its own (RFC 6238: HMAC-SHA-1, 30-second
 * steps, six digits) so the journeys check the server against an independent reckoning.
 */

function base32Bytes(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    bits += index.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

/** The code an authenticator app shows for the secret, `offset` 30-second steps from now. */
export function authenticatorCode(secret: string, offset = 0): string {
  const step = Math.floor(Date.now() / 30_000) + offset;
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const at = (mac[mac.length - 1] ?? 0) & 0x0f;
  return String((mac.readUInt32BE(at) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Answers the sign-in's second step with a code and submits it. */
export async function enterSignInCode(page: Page, code: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Two-step sign-in' }).waitFor();
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
}
