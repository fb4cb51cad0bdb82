import { describe, expect, it } from 'vitest';
import { documentErrorText, matchDocumentText } from './document-error-text';
import { ApiError } from './http';

describe('documentErrorText', () => {
  it('reads a known text with its value in Finnish', () => {
    expect(matchDocumentText('Locked by Mary Smith')).toEqual({
      key: 'lockedBy',
      values: ['Mary Smith'],
    });
    expect(documentErrorText(new ApiError(409, 'conflict', 'Locked by Mary Smith'), 'fi')).toBe(
      'Lukinnut Mary Smith',
    );
  });

  it('keeps the English text, and falls back to the app text for unknown ones', () => {
    const inUse = 'This coupon code is already in use. Please write another one.';
    expect(documentErrorText(new ApiError(409, 'conflict', inUse), 'en')).toBe(inUse);
    expect(documentErrorText(new ApiError(404, 'not_found', 'Not found'), 'fi')).toBe(
      'Ei löytynyt',
    );
  });
});
