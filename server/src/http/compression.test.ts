import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentAccess, templates } from '../db/schema';
import { createTestApp, listenLive, type TestApp } from '../test/app';
import { callApi, ORIGIN } from '../test/drafts-factories';
import { createUser, type TestUser } from '../test/factories';
import { openLive } from '../test/live-client';
import { uploadFile } from '../test/uploads';
import { COMPRESS_THRESHOLD_BYTES, preferredEncoding } from './compression';

// A built web app as web/scripts/precompress.mjs leaves it: .br and .gz beside the larger files.
const web = fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-web-compressed-'));
const indexHtml = `<!doctype html><title>Pactum</title>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(40)}`;
const entryJs = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};`;
const tinyJs = 'console.info(1)';

function writeBuilt(relative: string, content: string, isPrecompressed: boolean): void {
  const file = path.join(web, relative);
  fs.writeFileSync(file, content);
  if (!isPrecompressed) return;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
}

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  fs.mkdirSync(path.join(web, 'assets'));
  writeBuilt('index.html', indexHtml, true);
  writeBuilt('assets/entry-abc123.js', entryJs, true);
  writeBuilt('assets/tiny-abc123.js', tinyJs, false);
  t = await createTestApp({ isWorker: false, webDistDir: web });
  user = await createUser(t.platform);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(web, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('the built web files', () => {
  it('hands a browser that accepts brotli the .br file, cached for a year', async () => {
    const response = await get('/assets/entry-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload).toEqual(
      fs.readFileSync(path.join(web, 'assets/entry-abc123.js.br')),
    );
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(entryJs);
  });

  it('hands the .gz file to a browser that accepts only gzip, and the plain file to one that accepts neither', async () => {
    const gzipped = await get('/assets/entry-abc123.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(entryJs);

    for (const acceptEncoding of [undefined, 'identity']) {
      const plain = await get('/assets/entry-abc123.js', acceptEncoding);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(entryJs);
    }
  });

  it('serves a file the build left uncompressed as it is, without compressing it per request', async () => {
    const response = await get('/assets/tiny-abc123.js', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(tinyJs);
  });

  it('serves the start page and every app path compressed and never cached', async () => {
    for (const url of ['/', '/index.html', '/dashboard', '/document/sign/abc']) {
      const response = await get(url, 'gzip, deflate, br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(response.rawPayload).toString(), url).toBe(indexHtml);
    }
    const gzipped = await get('/dashboard', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(indexHtml);
    const plain = await get('/dashboard');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(indexHtml);
  });
});

describe('the encoding of a precompressed answer', () => {
  it('takes brotli first, then gzip, by the weights the caller gives', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBe('identity');
    expect(preferredEncoding('')).toBe('identity');
    expect(preferredEncoding(undefined)).toBe('identity');
  });
});

describe('API answers', () => {
  it('hands out the OpenAPI document compressed once, in what the caller accepts', async () => {
    const plain = await get('/api/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const document = plain.json();

    const gzipped = await get('/api/openapi.json', 'gzip');
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gzipped.headers['content-type']).toMatch(/^application\/json/);
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(zlib.gunzipSync(gzipped.rawPayload).toString())).toEqual(document);

    const brotli = await get('/api/openapi.json', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload).toString())).toEqual(document);
  });

  it('compresses a signed-in list of 1 KB or more as it is made', async () => {
    const { db } = t.platform.database;
    const made = await db
      .insert(templates)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          title: `Framework agreement for compression ${i}`,
          createdBy: user.id,
        })),
      )
      .returning({ id: templates.id });
    await db.insert(documentAccess).values(
      made.map((template) => ({
        collection: 'templates' as const,
        documentId: template.id,
        userId: user.id,
        role: 'edit' as const,
      })),
    );
    const list = (acceptEncoding: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/templates?filter=my',
        headers: { origin: ORIGIN, cookie: user.cookie, 'accept-encoding': acceptEncoding },
      });
    const plain = await list('identity');
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const brotli = await list('gzip, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload).toString())).toEqual(
      plain.json(),
    );
  });

  it('keeps the no-store rule on compressed answers and leaves small ones as they are', async () => {
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/notifications',
      headers: { origin: ORIGIN, cookie: user.cookie, 'accept-encoding': 'gzip, br' },
    });
    expect(me.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(me.headers['content-encoding']).toBeUndefined();
    expect(me.headers['cache-control']).toBe('no-store');
    expect(me.json()).toEqual((await callApi(t.app, 'GET', '/notifications', user.cookie)).json());

    const refused = await get('/api/v1/nothing-here', 'gzip');
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json().error.code).toBe('not_found');
  });

  it('sends a PDF download as it is stored, whatever the caller accepts', async () => {
    const { db } = t.platform.database;
    const [template] = await db
      .insert(templates)
      .values({ title: 'Compression test', createdBy: user.id })
      .returning();
    const templateId = template?.id ?? '';
    await db
      .insert(documentAccess)
      .values({ collection: 'templates', documentId: templateId, userId: user.id, role: 'edit' });
    // Repetitive bytes: a compressor would shrink them, so an untouched length shows none ran.
    const body = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(8_000, 'x')]);
    const upload = await uploadFile(t, user.cookie, {
      name: 'appendix.pdf',
      body,
      purpose: 'attachment',
    });
    const attached = await callApi(
      t.app,
      'POST',
      `/templates/${templateId}/attachments`,
      user.cookie,
      { uploadId: upload.id },
    );
    expect(attached.statusCode, attached.body).toBe(201);

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/v1/attachments/${attached.json().id}/file`,
      headers: { origin: ORIGIN, cookie: user.cookie, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-encoding']).toBeUndefined();
    expect(download.headers['content-length']).toBe(String(body.length));
    expect(download.rawPayload).toEqual(body);
  });

  it('still opens the live socket', async () => {
    const url = await listenLive(t);
    const client = await openLive(url, { origin: ORIGIN, cookie: user.cookie });
    expect(client.messages.map((message) => message.type)).toContain('ready');
    client.close();
  });
});
