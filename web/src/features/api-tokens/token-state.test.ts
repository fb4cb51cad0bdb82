import { describe, expect, it } from 'vitest';
import { apiTokenState, daysOfExpiryChoice, expiryChoiceOf, expiryChoices } from './token-state';

describe('apiTokenState', () => {
  const now = Date.parse('2025-06-01T12:00:00Z');
  it('tells active, expired and revoked tokens apart', () => {
    expect(apiTokenState({ revokedAt: null, expiresAt: null }, now)).toBe('active');
    expect(apiTokenState({ revokedAt: null, expiresAt: '2025-06-02T00:00:00Z' }, now)).toBe(
      'active',
    );
    expect(apiTokenState({ revokedAt: null, expiresAt: '2025-06-01T12:00:00Z' }, now)).toBe(
      'expired',
    );
    expect(
      apiTokenState({ revokedAt: '2025-05-01T00:00:00Z', expiresAt: '2025-05-02T00:00:00Z' }, now),
    ).toBe('revoked');
  });
});

describe('expiry choices', () => {
  it('offers 30, 90 and 365 days and never, and maps them both ways', () => {
    expect(expiryChoices).toEqual(['30', '90', '365', 'never']);
    for (const choice of expiryChoices) {
      expect(expiryChoiceOf(daysOfExpiryChoice(choice))).toBe(choice);
    }
    expect(daysOfExpiryChoice('never')).toBeNull();
    expect(daysOfExpiryChoice('90')).toBe(90);
  });
});
