import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

const web = fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-web-'));
let t: TestApp;

beforeAll(async () => {
  fs.mkdirSync(path.join(web, 'assets'));
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Pactum</title>');
  fs.writeFileSync(path.join(web, 'assets', 'entry-abc123.js'), 'console.info(1)');
  t = await createTestApp({ isWorker: false, webDistDir: web });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(web, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers the start page and every app path with index.html, never cached', async () => {
    for (const url of ['/', '/login', '/dashboard/account/my', '/document/sign/abc']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>Pactum</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets for a year, including files built after the start', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/entry-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    fs.writeFileSync(path.join(web, 'assets', 'entry-def456.js'), 'console.info(2)');
    const rebuilt = await t.app.inject({ method: 'GET', url: '/assets/entry-def456.js' });
    expect(rebuilt.statusCode).toBe(200);
    expect(rebuilt.headers['content-type']).toMatch(/javascript/);
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });
});
