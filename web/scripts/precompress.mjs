// Writes brotli (.br, quality 11) and gzip (.gz, level 9) copies beside the built web files, so
// the server hands a browser the smallest file it accepts without compressing anything per
// request. Run after `vite build`: `node scripts/precompress.mjs [folder]` (default: dist).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Files that compress well. Images, woff and woff2 are compressed formats already, and a
 * second pass only costs the build time.
 */
const COMPRESSIBLE = /\.(?:m?js|css|html|svg|json|webmanifest|txt|xml|map|wasm|ttf|otf|eot|ico)$/i;

/**
 * Below this a file fits in the first packets either way; the start page (about 1 KB) still
 * gains. The server compresses dynamic answers from 1 KB.
 */
export const MIN_BYTES = 512;

/**
 * Compresses every compressible file of at least MIN_BYTES under `root` (subfolders too) and
 * keeps a .br or .gz copy only when it is smaller than the original. Returns what was written.
 *
 * @param {string} root
 * @returns {Promise<{ file: string; size: number; br?: number; gz?: number }[]>}
 */
export async function precompressFolder(root) {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const results = [];
  // A few at a time: brotli at quality 11 is CPU-bound and the build machine may be small.
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const result = await precompressFile(file);
      if (result) results.push({ ...result, file: path.relative(root, file) });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return results.sort((a, b) => a.file.localeCompare(b.file));
}

/** @param {string} file */
async function precompressFile(file) {
  if ((await stat(file)).size < MIN_BYTES) return undefined;
  const original = await readFile(file);
  const isFont = /\.(?:ttf|otf|eot)$/i.test(file);
  const [br, gz] = await Promise.all([
    brotli(original, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: isFont
          ? zlib.constants.BROTLI_MODE_FONT
          : zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: original.length,
      },
    }),
    gzip(original, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  /** @type {{ size: number; br?: number; gz?: number }} */
  const result = { size: original.length };
  if (br.length < original.length) {
    await writeFile(`${file}.br`, br);
    result.br = br.length;
  }
  if (gz.length < original.length) {
    await writeFile(`${file}.gz`, gz);
    result.gz = gz.length;
  }
  return result.br === undefined && result.gz === undefined ? undefined : result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? 'dist');
  const results = await precompressFolder(root);
  const total = (/** @type {'size' | 'br' | 'gz'} */ key) =>
    results.reduce((sum, result) => sum + (result[key] ?? result.size), 0);
  const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(0)} KB`;
  console.info(
    `precompressed ${results.length} files in ${path.relative(process.cwd(), root) || '.'}: ` +
      `${kb(total('size'))} → ${kb(total('br'))} brotli, ${kb(total('gz'))} gzip`,
  );
}
