import type en from '../../locales/en.json';

/** A key of the translated texts of the billing and workspace schemas (`workspaces.formText.*`). */
export type FormTextKey = keyof (typeof en)['workspaces']['formText'];

/**
 * The English messages the shared billing and workspace schemas (`@pactum/core/billing`) give a
 * form field, with the key of their translation. The browser checks the same schemas first, so
 * these are the messages a field shows; the server's refusals come with codes instead.
 */
const formTexts = new Map<string, FormTextKey>([
  ['Max amount of credits is 2000. Please contact our sales!', 'maxCredits'],
  ['Invoice (50 credits or more)', 'invoiceMinimum'],
  ['Please add at least one member', 'atLeastOneMember'],
  ['Invalid card number', 'invalidCardNumber'],
  ['Invalid CVC', 'invalidCvc'],
]);

/** The translation key of a schema's field message, if it is one of them. */
export function formTextKey(message: string): FormTextKey | undefined {
  return formTexts.get(message);
}
