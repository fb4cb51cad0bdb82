import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: they fit in the first packets either way. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Text answers only. PDFs, archives, images and uploaded files are compressed formats or
 * opaque bytes (octet-stream, which the plugin's own default would include), and streamed
 * events are never buffered by a compressor.
 */
const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|javascript/;

/**
 * The settings for answers made per request. Brotli at quality 4 and gzip at level 4 cost
 * under a millisecond for a 70 KB answer and shrink JSON to about a quarter; brotli's own
 * default (11) spends about 100 times as long for a few per cent less.
 */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 4;

/**
 * Compresses JSON and text answers of 1 KB or more with brotli or gzip, whichever the caller
 * accepts (brotli first). The web app's built files are left alone: they were compressed at
 * build time (web/scripts/precompress.mjs) and are served as they are by the static catch-all,
 * which picks the .br or .gz file. Register before the routes: the plugin attaches itself to
 * each route as it is added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    // The web app's catch-all (@fastify/static, see app.ts): one per instance, at '/*'.
    if (route.url === '/*' && route.compress === undefined) route.compress = false;
  });
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
    // Request bodies stay as they are: no client of Pactum sends them compressed, and
    // inflating them would let a small upload expand past the body limit's intent.
    globalDecompression: false,
  });
}

/** A fixed answer in each encoding a caller may accept, compressed once at the highest levels. */
export type PrecompressedBody = { identity: Buffer; br: Buffer; gzip: Buffer };

/** Compresses a fixed answer (e.g. the OpenAPI document) once, for every later request. */
export function precompress(text: string): PrecompressedBody {
  const identity = Buffer.from(text);
  return {
    identity,
    br: zlib.brotliCompressSync(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip: zlib.gzipSync(identity, { level: 9 }),
  };
}

/** The encoding of a precompressed answer for an `Accept-Encoding` header: brotli first. */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (name) accepted.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const wildcard = accepted.get('*') ?? 0;
  for (const encoding of ['br', 'gzip'] as const) {
    if ((accepted.get(encoding) ?? wildcard) > 0) return encoding;
  }
  return 'identity';
}
