import { describe, expect, it } from 'vitest';
import {
  type ErrorCode,
  errorCodes,
  errorMessage,
  errorMessages,
  isErrorCode,
  placeholdersOf,
} from './errors';
import { languages } from './validation';

const codes = Object.keys(errorCodes) as ErrorCode[];

describe('the error catalogue', () => {
  it('gives every code an HTTP error status', () => {
    for (const code of codes) {
      expect(errorCodes[code], code).toBeGreaterThanOrEqual(400);
      expect(errorCodes[code], code).toBeLessThan(600);
    }
  });

  it('has every code in English and Finnish, and nothing else', () => {
    for (const lang of languages) {
      expect(Object.keys(errorMessages[lang]).sort()).toEqual([...codes].sort());
      for (const code of codes)
        expect(errorMessages[lang][code].trim(), `${lang} ${code}`).not.toBe('');
    }
    for (const code of codes) {
      expect(errorMessages.fi[code], `${code} is not translated`).not.toBe(errorMessages.en[code]);
    }
  });

  it('names the same values in both languages, in the one placeholder style', () => {
    for (const code of codes) {
      const en = placeholdersOf(errorMessages.en[code]).sort();
      expect(placeholdersOf(errorMessages.fi[code]).sort(), code).toEqual(en);
      for (const text of [errorMessages.en[code], errorMessages.fi[code]]) {
        // No other catalogue's style is left behind: '%s', '{name}' or '%(name)s'.
        expect(text.replace(/\{\{\w+\}\}/g, ''), code).not.toMatch(/%s|\{\w+\}|%\(/);
      }
    }
  });

  it('uses stable snake_case codes', () => {
    for (const code of codes) expect(code).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
  });
});

describe('errorMessage', () => {
  it('fills the placeholders with the params', () => {
    expect(errorMessage('section_locked', { name: 'Mary' })).toBe('Locked by Mary');
    expect(errorMessage('section_locked', { name: 'Mary' }, 'fi')).toBe('Lukinnut Mary');
    expect(errorMessage('upload_offset_mismatch', { offset: 0 })).toBe(
      'The upload is at offset 0; send the chunk from there.',
    );
  });

  it('keeps a placeholder whose value is missing, and ignores values no text names', () => {
    expect(errorMessage('tag_exists')).toBe('Tag {{tag}} already exists');
    expect(errorMessage('not_found', { id: 'x' })).toBe('Not found');
  });

  it('knows its codes', () => {
    expect(isErrorCode('section_locked')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('Locked by Mary')).toBe(false);
  });
});
