import { describe, expect, it, vi } from 'vitest';
import { fetchOnce } from './fetch-once';
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

  it('forget a failed fetch, so the next ask fetches again', async () => {
    const fetch = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('connection dropped'))
      .mockResolvedValueOnce('texts');
    const once = fetchOnce(fetch);
    await expect(once.load()).rejects.toThrow('connection dropped');
    expect(once.pending).toBeUndefined();
    expect(await once.load()).toBe('texts');
    expect(once.value).toBe('texts');
    expect(await once.load()).toBe('texts');
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
