import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/*
 * Poppler's readers of a PDF, as someone outside Pactum would check one: `pdfsig` for its
 * signature, `pdftotext` for its text. Each call writes the bytes to a file of its own and
 * removes it afterwards.
 */

function withFile<T>(bytes: Uint8Array, read: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-pdf-'));
  const file = path.join(dir, 'document.pdf');
  fs.writeFileSync(file, bytes);
  try {
    return read(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** pdfsig's report (certificate and OCSP checks off); a refusal's report too. */
export function pdfsig(bytes: Uint8Array): string {
  return withFile(bytes, (file) => {
    try {
      return execFileSync('pdfsig', ['-nocert', '-no-ocsp', file], { encoding: 'utf8' });
    } catch (error) {
      return String((error as { stdout?: string }).stdout ?? error);
    }
  });
}

/** The text of a PDF as pdftotext reads it. */
export function pdfText(bytes: Uint8Array): string {
  return withFile(bytes, (file) =>
    execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }),
  );
}
