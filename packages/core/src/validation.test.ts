import { describe, expect, it } from 'vitest';
import {
  emailField,
  isStorableText,
  messageKey,
  optionalText,
  passwordField,
  phoneField,
  plainText,
  requiredText,
  storedPhone,
  titleCase,
  translateMessage,
} from './validation';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  translateMessage(result.error?.issues[0]?.message ?? '');

describe('text that cannot be stored', () => {
  it('finds NUL and lone surrogates, and keeps well-formed text', () => {
    expect(isStorableText('Acme Oy, Ä ö 😀 漢字')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('a\ud800b')).toBe(false);
    expect(isStorableText('a\udc00')).toBe(false);
    expect(isStorableText('\ud83d')).toBe(false);
    expect(isStorableText('\ude00\ud83d')).toBe(false);
  });

  it('refuses them with the field message in every text helper, in en and fi', () => {
    for (const schema of [plainText(), requiredText(), optionalText()]) {
      for (const value of ['a\u0000b', '\ud800']) {
        const result = schema.safeParse(value);
        expect(result.success).toBe(false);
        expect(result.error?.issues[0]?.message).toBe(messageKey('characters'));
      }
    }
    expect(translateMessage(messageKey('characters'))).toBe(
      'Contains characters that cannot be saved',
    );
    expect(translateMessage(messageKey('characters'), 'fi')).toBe(
      'Sisältää merkkejä, joita ei voi tallentaa',
    );
  });
});

describe('field rules of the spec', () => {
  it('requires text and limits it to 250 characters', () => {
    expect(firstMessage(requiredText().safeParse('   '))).toBe('This field is required');
    expect(firstMessage(requiredText().safeParse('x'.repeat(251)))).toBe(
      'Too much text. 250 characters max.',
    );
    expect(requiredText().parse('  Acme  ')).toBe('Acme');
  });

  it('checks and lower-cases e-mail', () => {
    expect(emailField().parse(' Mary@Example.COM ')).toBe('mary@example.com');
    expect(firstMessage(emailField().safeParse('mary@'))).toBe('Invalid email address');
    expect(firstMessage(emailField('emailAccount').safeParse('nope'))).toBe(
      'Invalid email address, please fix your email address',
    );
  });

  it('takes + and digits as a phone', () => {
    expect(phoneField().parse('+358 40 123 4567')).toBe('+358401234567');
    expect(phoneField().parse('')).toBe('');
    expect(firstMessage(phoneField().safeParse('0401234567'))).toMatch(
      /^Invalid format for mobile phone/,
    );
  });

  it('refuses passwords under 6 characters as too weak', () => {
    expect(firstMessage(passwordField().safeParse('12345'))).toBe('Too weak password');
    expect(passwordField().safeParse('123456').success).toBe(true);
  });

  it('stores names title-cased and phones only when longer than 5 characters', () => {
    expect(titleCase("mARY-ann o'neil")).toBe("Mary-Ann O'Neil");
    expect(titleCase('äiti ällikkä')).toBe('Äiti Ällikkä');
    expect(storedPhone('+358')).toBeNull();
    expect(storedPhone('+35840')).toBe('+35840');
  });

  it('translates message keys with parameters, and leaves other text alone', () => {
    expect(translateMessage(messageKey('minLength', { n: 6 }), 'fi')).toBe(
      'Vähintään 6 merkkiä vaaditaan',
    );
    expect(translateMessage('Plain text', 'fi')).toBe('Plain text');
  });
});
