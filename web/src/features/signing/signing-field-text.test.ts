import { sendPdfMessages, signingMessage } from '@pactum/core/signing';
import { messageKey } from '@pactum/core/validation';
import { describe, expect, it } from 'vitest';
import { signerListMessages, signingFieldText } from './signing-field-text';

describe('signingFieldText', () => {
  it("shows the shared schemas' English signing texts in the user's language", () => {
    expect(signingFieldText(sendPdfMessages.en.required, 'fi')).toBe(sendPdfMessages.fi.required);
    expect(signingFieldText(signingMessage('phone', 'en'), 'fi')).toBe(
      signingMessage('phone', 'fi'),
    );
    expect(signingFieldText(signingMessage('duplicateEmail', 'en', 'a@x.fi, b@x.fi'), 'fi')).toBe(
      signingMessage('duplicateEmail', 'fi', 'a@x.fi, b@x.fi'),
    );
    expect(signingFieldText(messageKey('email'), 'fi')).toBe('Virheellinen sähköpostiosoite');
    expect(signingFieldText('Something else', 'fi')).toBe('Something else');
  });
});

describe('signerListMessages', () => {
  it("lists every message of the signer list's root error once", () => {
    const root = {
      type: 'custom',
      message: 'first',
      types: { custom: ['first', 'second', 'first'] },
    };
    expect(signerListMessages({ root })).toEqual(['first', 'second']);
    expect(signerListMessages({ root: { type: 'custom', message: 'only' } })).toEqual(['only']);
    expect(signerListMessages(undefined)).toEqual([]);
  });
});
