import { describe, expect, it } from 'vitest';
import { errorCodes, errorMessages } from './errors';

describe('error codes', () => {
  it('have an HTTP status and a message in both languages', () => {
    for (const code of Object.keys(errorCodes) as (keyof typeof errorCodes)[]) {
      expect(errorCodes[code]).toBeGreaterThanOrEqual(400);
      expect(errorMessages.en[code]).toBeTruthy();
      expect(errorMessages.fi[code]).toBeTruthy();
      expect(errorMessages.fi[code]).not.toBe(errorMessages.en[code]);
    }
  });
});
