import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/factories';

let t: TestApp;
let cookie: string;
let userId: string;

beforeAll(async () => {
  t = await createTestApp({
    isWorker: false,
    // A route that fails the way a bug would, to see what the caller is told.
    extraRoutes: async (app) => {
      app.get('/api/v1/test-failure', async () => {
        throw new Error('database password is hunter2');
      });
      // A route that chose its own caching, as a public file might.
      app.get('/api/v1/test-cacheable', async (_request, reply) =>
        reply.header('cache-control', 'public, max-age=60').send({ ok: true }),
      );
    },
  });
  const user = await createUser(t.platform);
  userId = user.id;
  cookie = user.cookie;
});
afterAll(() => t?.close());

describe('the API error contract', () => {
  it('answers a zod-invalid body with 400 and the field message, and changes nothing', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { cookie },
      payload: { lang: 'sv' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'lang: Please choose one of the options',
        params: {},
        fields: { lang: 'Please choose one of the options' },
      },
    });
    const [user] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(user?.lang).toBe('en');
  });

  it('refuses unknown fields', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { cookie },
      payload: { lang: 'fi', isAdmin: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"lang":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });

  it('answers a body of a type it does not take with 415', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { cookie, 'content-type': 'application/xml' },
      payload: '<lang>fi</lang>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('unsupported_media_type');
  });

  it('answers a too large body with 413', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ lang: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
  });

  it('answers an unknown API route with 404 JSON', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: 'Not found', params: {} },
    });
  });

  it('answers an unexpected error with 500 and hides its text', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/test-failure' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'internal', message: 'Something went wrong. Please try again.', params: {} },
    });
    expect(response.body).not.toContain('hunter2');
  });

  it('applies a valid change', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { cookie },
      payload: { lang: 'fi' },
    });
    expect(response.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ id: userId, lang: 'fi' });
  });
});

describe('who may call', () => {
  it('refuses a stranger without a session', async () => {
    const read = await t.app.inject({ method: 'GET', url: '/api/v1/me' });
    expect(read.statusCode).toBe(401);
    expect(read.json().error.code).toBe('unauthorized');
    const write = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      payload: { lang: 'fi' },
    });
    expect(write.statusCode).toBe(401);
  });

  it('refuses a forged or expired session cookie', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { cookie: 'pactum.session_token=forged-token-value.c2lnbmF0dXJl' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a state change sent from another site (CSRF)', async () => {
    const fromElsewhere = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { lang: 'en' },
    });
    expect(fromElsewhere.statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      payload: { lang: 'en' },
    });
    expect(crossSite.statusCode).toBe(403);
    const fromUs = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { cookie, origin: 'http://localhost:3000' },
      payload: { lang: 'en' },
    });
    expect(fromUs.statusCode).toBe(200);
  });
});

describe('platform routes', () => {
  it('reports health: database reachable, migrations current, version', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      status: 'ok',
      database: { kind: t.database.kind, isReachable: true },
      migrations: { isCurrent: true },
    });
    expect(body.migrations.applied).toBeGreaterThan(0);
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('serves the OpenAPI document and the docs page', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(spec.statusCode).toBe(200);
    expect(spec.json().openapi).toMatch(/^3\./);
    expect(Object.keys(spec.json().paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/v1/me']),
    );
    // Serialised once per process: the next answer is the same bytes, built without asking
    // the swagger plugin again.
    const swagger = vi.spyOn(t.app, 'swagger');
    const again = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(again.body).toBe(spec.body);
    expect(swagger).not.toHaveBeenCalled();
    swagger.mockRestore();
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
  });

  it('sends the security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // The same as frame-ancestors 'none' for browsers that only read this one.
    expect(response.headers['x-frame-options']).toBe('DENY');
    // No TLS here, so no HSTS.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('lets no API answer be cached unless its route chose how', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    for (const url of ['/api/v1/me', '/api/v1/no-such-route', '/api/health']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { cookie, origin: 'http://localhost:3000' },
      payload: { lang: 'xx' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['cache-control']).toBe('no-store');
    const chosen = await t.app.inject({ method: 'GET', url: '/api/v1/test-cacheable' });
    expect(chosen.headers['cache-control']).toBe('public, max-age=60');
  });

  it('sends HSTS when served over TLS', async () => {
    const tls = await createTestApp({
      database: t.database,
      isWorker: false,
      env: { PUBLIC_URL: 'https://pactum.example' },
    });
    try {
      const response = await tls.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await tls.close();
    }
  });
});
