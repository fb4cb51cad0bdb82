import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';

// The build step of the web app (`npm run build -w web` runs it after vite build).
const script = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/scripts/precompress.mjs',
);
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-precompress-'));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe('precompressing the built web files', () => {
  it('writes .br and .gz that decode to the original, and skips small and incompressible files', () => {
    const text = (line: string) => Array.from({ length: 300 }, (_, i) => `${line} ${i}`).join('\n');
    const built = {
      'index.html': `<!doctype html><title>Pactum</title>\n${text('<p>start page</p>')}`,
      'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${text('<path d="M0 0h1"/>')}</svg>`,
      'assets/index-abc123.js': text('export const a = "section";'),
      'assets/index-abc123.css': text('.card { margin: 0 }'),
      'assets/nested/pdf.worker-abc123.mjs': text('self.onmessage = () => {};'),
      'assets/tiny-abc123.js': 'console.info(1)',
    };
    // Random bytes do not compress: no copy may be kept that is not smaller.
    const skipped = {
      'assets/noise-abc123.js': crypto.randomBytes(4096),
      'assets/font-abc123.woff2': text('woff2 is compressed already'),
      'assets/logo-abc123.png': text('so is png'),
    };
    for (const [file, content] of Object.entries({ ...built, ...skipped })) {
      fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
      fs.writeFileSync(path.join(dist, file), content);
    }

    const run = spawnSync(process.execPath, [script, dist], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);

    for (const [file, content] of Object.entries(built)) {
      const original = path.join(dist, file);
      if (file.includes('tiny')) {
        expect(fs.existsSync(`${original}.br`), file).toBe(false);
        expect(fs.existsSync(`${original}.gz`), file).toBe(false);
        continue;
      }
      const br = fs.readFileSync(`${original}.br`);
      const gz = fs.readFileSync(`${original}.gz`);
      expect(zlib.brotliDecompressSync(br).toString(), file).toBe(content);
      expect(zlib.gunzipSync(gz).toString(), file).toBe(content);
      expect(br.length, file).toBeLessThan(content.length);
      expect(fs.readFileSync(original, 'utf8'), file).toBe(content);
    }
    for (const file of Object.keys(skipped)) {
      expect(fs.existsSync(path.join(dist, `${file}.br`)), file).toBe(false);
      expect(fs.existsSync(path.join(dist, `${file}.gz`)), file).toBe(false);
    }

    // A second run (a build step run twice) does not compress the compressed copies.
    const again = spawnSync(process.execPath, [script, dist], { encoding: 'utf8' });
    expect(again.status, again.stderr).toBe(0);
    expect(
      fs.readdirSync(dist, { recursive: true }).filter((f) => /\.(br|gz)\./.test(String(f))),
    ).toEqual([]);
  });
});
