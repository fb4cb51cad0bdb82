import { supportContactSchema } from '@pactum/core/api/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/app';

const CHAT_SCRIPT_URL = 'https://chat.example.com/widget/v2/loader.js?id=pactum';
const CHAT_ORIGIN = 'https://chat.example.com';
const configured = {
  SUPPORT_EMAIL: 'help@pactum.example',
  SUPPORT_HELP_URL: 'https://help.pactum.example/kb',
  SUPPORT_CHAT_SCRIPT_URL: CHAT_SCRIPT_URL,
};

/** The CSP before any support setting existed: an unconfigured Pactum must send exactly this. */
const PLAIN_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join(';');

let plain: TestApp;
let supported: TestApp;

beforeAll(async () => {
  plain = await createTestApp({ isWorker: false });
  supported = await createTestApp({ database: plain.database, isWorker: false, env: configured });
});
afterAll(async () => {
  await supported?.close();
  await plain?.close();
});

/** The CSP's directives by name, each with its sources. */
function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('GET /api/v1/support', () => {
  it('answers null for every way of contact the operator did not configure, without a session', async () => {
    const response = await plain.app.inject({ method: 'GET', url: '/api/v1/support' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: null, helpUrl: null, chatScriptUrl: null });
    expect(supportContactSchema.parse(response.json())).toEqual(response.json());
  });

  it("answers the operator's e-mail, help address and chat script, cacheable for a while", async () => {
    const response = await supported.app.inject({ method: 'GET', url: '/api/v1/support' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      email: 'help@pactum.example',
      helpUrl: 'https://help.pactum.example/kb',
      chatScriptUrl: CHAT_SCRIPT_URL,
    });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('is in the OpenAPI document', async () => {
    const spec = await plain.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(Object.keys(spec.json().paths)).toContain('/api/v1/support');
  });
});

describe('support settings', () => {
  const load = (env: Record<string, string>) => () =>
    loadConfig({ NODE_ENV: 'test', DATA_DIR: plain.platform.config.dataDir, ...env });

  it('refuses a start with a bad e-mail or address, naming the setting', () => {
    expect(load({ SUPPORT_EMAIL: 'support at pactum' })).toThrow(ConfigError);
    expect(load({ SUPPORT_EMAIL: 'support at pactum' })).toThrow(
      /SUPPORT_EMAIL: Use an e-mail address/,
    );
    expect(load({ SUPPORT_HELP_URL: 'help.pactum.example' })).toThrow(
      /SUPPORT_HELP_URL: Use an http:\/\/ or https:\/\/ address/,
    );
    expect(load({ SUPPORT_HELP_URL: 'javascript:alert(1)' })).toThrow(/SUPPORT_HELP_URL/);
    expect(load({ SUPPORT_HELP_URL: 'ftp://help.pactum.example/' })).toThrow(/SUPPORT_HELP_URL/);
    // A script from plain http could be swapped on the way, and the CSP would allow it.
    expect(load({ SUPPORT_CHAT_SCRIPT_URL: 'http://chat.example.com/loader.js' })).toThrow(
      /SUPPORT_CHAT_SCRIPT_URL: Use an https:\/\/ address/,
    );
    expect(load({ SUPPORT_CHAT_SCRIPT_URL: 'not a url' })).toThrow(/SUPPORT_CHAT_SCRIPT_URL/);
  });

  it('takes good values, and an empty value as unset', () => {
    expect(
      load({ ...configured, SUPPORT_HELP_URL: 'http://intranet.example/help' })().support,
    ).toEqual({
      email: 'help@pactum.example',
      helpUrl: 'http://intranet.example/help',
      chatScriptUrl: CHAT_SCRIPT_URL,
    });
    expect(
      load({ SUPPORT_EMAIL: '', SUPPORT_HELP_URL: '', SUPPORT_CHAT_SCRIPT_URL: '' })().support,
    ).toEqual({ email: null, helpUrl: null, chatScriptUrl: null });
  });
});

describe('Content Security Policy', () => {
  it('allows nothing outside Pactum without a chat script', async () => {
    const response = await plain.app.inject({ method: 'GET', url: '/api/v1/support' });
    expect(response.headers['content-security-policy']).toBe(PLAIN_CSP);
    expect(directives(response.headers['content-security-policy']).has('frame-src')).toBe(false);
  });

  it("allows the chat script's origin to run, connect and frame, and nothing else changes", async () => {
    const response = await supported.app.inject({ method: 'GET', url: '/api/v1/support' });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'", CHAT_ORIGIN]);
    expect(csp.get('connect-src')).toEqual(["'self'", CHAT_ORIGIN]);
    expect(csp.get('frame-src')).toEqual(["'self'", CHAT_ORIGIN]);
    // Only the origin is allowed, never the script's path or query.
    expect(String(response.headers['content-security-policy'])).not.toContain('/widget');
    const rest = [...csp].filter(
      ([name]) => !['script-src', 'connect-src', 'frame-src'].includes(name),
    );
    expect(new Map(rest)).toEqual(
      new Map(
        [...directives(PLAIN_CSP)].filter(
          ([name]) => !['script-src', 'connect-src'].includes(name),
        ),
      ),
    );
  });
});
