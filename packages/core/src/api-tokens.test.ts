import { describe, expect, it } from 'vitest';
import {
  API_TOKEN_BYTES,
  apiTokenPrefix,
  createApiTokenSchema,
  formatApiToken,
  isApiTokenFormat,
} from './api-tokens';

describe('API token format', () => {
  it('is pct_ and 43 base64url characters, its prefix the first 12', () => {
    const bytes = new Uint8Array(API_TOKEN_BYTES).map((_, index) => (index * 37 + 251) % 256);
    const token = formatApiToken(bytes);
    expect(token).toMatch(/^pct_[A-Za-z0-9_-]{43}$/);
    expect(token).toBe(`pct_${Buffer.from(bytes).toString('base64url')}`);
    expect(apiTokenPrefix(token)).toBe(token.slice(0, 12));
    expect(isApiTokenFormat(token)).toBe(true);
  });

  it('tells a token from other text', () => {
    expect(isApiTokenFormat('pct_short')).toBe(false);
    expect(isApiTokenFormat(`abc_${'a'.repeat(43)}`)).toBe(false);
    expect(isApiTokenFormat(`pct_${'a'.repeat(42)}+`)).toBe(false);
    expect(() => formatApiToken(new Uint8Array(16))).toThrow();
  });
});

describe('creating a token', () => {
  it('takes a name, a scope and an optional expiry of 1 to 365 days', () => {
    expect(createApiTokenSchema.parse({ name: ' CRM ', scope: 'read' })).toEqual({
      name: 'CRM',
      scope: 'read',
      expiresInDays: null,
    });
    expect(
      createApiTokenSchema.safeParse({ name: 'x', scope: 'write', expiresInDays: 90 }).success,
    ).toBe(true);
    for (const bad of [
      { name: '', scope: 'read' },
      { name: 'x'.repeat(101), scope: 'read' },
      { name: 'x', scope: 'admin' },
      { name: 'x', scope: 'read', expiresInDays: 0 },
      { name: 'x', scope: 'read', expiresInDays: 366 },
      { name: 'x\u0000', scope: 'read' },
    ]) {
      expect(createApiTokenSchema.safeParse(bad).success).toBe(false);
    }
  });
});
