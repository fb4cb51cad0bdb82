import { describe, expect, it } from 'vitest';
import {
  emailField,
  messageKey,
  passwordField,
  phoneField,
  requiredText,
  storedPhone,
  titleCase,
  translateMessage,
} from './validation';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  translateMessage(result.error?.issues[0]?.message ?? '');

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
