import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  isRecoveryCodeShape,
  matchTotp,
  newRecoveryCodes,
  openSecret,
  recoveryCodeHash,
  sealSecret,
  totpCode,
  totpStep,
} from './totp';

// RFC 6238 appendix B, SHA-1: the 8-digit values' last six digits.
const RFC_SECRET = Buffer.from('12345678901234567890');

describe('TOTP', () => {
  it('gives the RFC 6238 test values', () => {
    expect(totpCode(RFC_SECRET, totpStep(59_000))).toBe('287082');
    expect(totpCode(RFC_SECRET, totpStep(1_111_111_109_000))).toBe('081804');
    expect(totpCode(RFC_SECRET, totpStep(1_234_567_890_000))).toBe('005924');
    expect(totpCode(RFC_SECRET, totpStep(2_000_000_000_000))).toBe('279037');
  });

  it('accepts the steps either side and nothing further', () => {
    const at = 1_234_567_890_000;
    const step = totpStep(at);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 1), at)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + 1), at)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + 2), at)).toBeUndefined();
    expect(matchTotp(RFC_SECRET, 'abcdef', at)).toBeUndefined();
  });

  it('round-trips base32 as authenticator apps read it', () => {
    expect(base32Encode(Buffer.from('12345678901234567890'))).toBe(
      'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
    );
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq').toString()).toBe(
      '12345678901234567890',
    );
  });

  it('seals the stored secret: only the same auth secret opens it, and tampering fails', () => {
    const sealed = sealSecret('a'.repeat(32), RFC_SECRET);
    expect(sealed).not.toContain(base32Encode(RFC_SECRET));
    expect(openSecret('a'.repeat(32), sealed).equals(RFC_SECRET)).toBe(true);
    expect(() => openSecret('b'.repeat(32), sealed)).toThrow();
    const parts = sealed.split('.');
    const body = parts[3] ?? '';
    // Another first character than the one there, so the ciphertext surely changes.
    parts[3] = `${body.startsWith('A') ? 'B' : 'A'}${body.slice(1)}`;
    expect(() => openSecret('a'.repeat(32), parts.join('.'))).toThrow();
  });

  it('makes ten distinct recovery codes, matched without regard to case or dashes', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
      expect(isRecoveryCodeShape(code)).toBe(true);
    }
    const [code = ''] = codes;
    expect(recoveryCodeHash(code.toUpperCase().replace('-', ' '))).toBe(recoveryCodeHash(code));
    expect(isRecoveryCodeShape('123456')).toBe(false);
  });
});
