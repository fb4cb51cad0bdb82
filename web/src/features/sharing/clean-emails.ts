import { emailField } from '@pactum/core/validation';

/** The addresses typed or picked: trimmed, lower-cased, valid only and without repeats. */
export function cleanEmails(values: string[]): { valid: string[]; invalid: string[] } {
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const value of values) {
    const trimmed = value.replace(/^[\s,;]+|[\s,;]+$/g, '');
    if (!trimmed) continue;
    const parsed = emailField().safeParse(trimmed);
    if (!parsed.success) invalid.push(trimmed);
    else if (!valid.includes(parsed.data)) valid.push(parsed.data);
  }
  return { valid, invalid };
}
