import { describe, expect, it } from 'vitest';
import { errorTextLoading, loadErrorText } from './use-error-text';
import { loadValidationTexts, validationTextsLoading } from './validation-texts';

// The component tests' set-up waits for these fetches (web/src/test/setup.ts): each must be one
// promise that a second ask shares, and be known from the moment it starts.
describe('lazily fetched texts', () => {
  it('fetch the error catalogue once and tell that the fetch is running', async () => {
    expect(errorTextLoading()).toBeUndefined();
    const first = loadErrorText();
    expect(errorTextLoading()).toBe(first);
    expect(loadErrorText()).toBe(first);
    expect((await first).errorText(new Error('x'), 'en', 'Fallback')).toBe('Fallback');
  });

  it('fetch the validation texts once and tell that the fetch is running', async () => {
    expect(validationTextsLoading()).toBeUndefined();
    const first = loadValidationTexts();
    expect(validationTextsLoading()).toBe(first);
    expect(loadValidationTexts()).toBe(first);
    expect((await first)('v:minLength|n=6', 'en')).toContain('6');
  });
});
