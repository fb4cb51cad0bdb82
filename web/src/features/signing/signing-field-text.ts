import { sendPdfMessages, signingMessage, signingMessages } from '@pactum/core/signing';
import { type Lang, translateMessage } from '@pactum/core/validation';
import type { FieldError } from 'react-hook-form';

/*
 * The signing schemas of `@pactum/core/signing` carry the spec's English texts (the server
 * answers in English); both languages of each text are in the same module, so the form shows
 * the one of the user's language.
 */

const sendPdfKeys = Object.keys(sendPdfMessages.en) as (keyof typeof sendPdfMessages.en)[];
const signingKeys = Object.keys(signingMessages.en) as (keyof typeof signingMessages.en)[];

/** The values a text of `template` (`%s` filled in order) was made with; undefined if not one. */
function filledWith(template: string, text: string): string[] | undefined {
  const pattern = template
    .split('%s')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('(.*)');
  return new RegExp(`^${pattern}$`, 's').exec(text)?.slice(1);
}

/**
 * A signing form field's message in the user's language: a Send & Sign PDF or signer setup
 * text of the shared schemas, else a shared message key's text (`translateMessage`).
 */
export function signingFieldText(message: string, lang: Lang): string {
  const sendPdfKey = sendPdfKeys.find((key) => sendPdfMessages.en[key] === message);
  if (sendPdfKey) return sendPdfMessages[lang][sendPdfKey];
  for (const key of signingKeys) {
    const values = filledWith(signingMessages.en[key], message);
    if (values) return signingMessage(key, lang, ...values);
  }
  return translateMessage(message, lang);
}

/**
 * The signer list's own messages (duplicates, amounts) of a form checked with
 * `criteriaMode: 'all'`: every one, in order, once each. The shared schema puts them on the
 * list, which react-hook-form keeps as the list's `root` error.
 */
export function signerListMessages(signersError: unknown): string[] {
  const error = (signersError as { root?: FieldError } | undefined)?.root;
  if (!error) return [];
  const all = Object.values(error.types ?? {}).flatMap((messages) =>
    typeof messages === 'string' ? [messages] : Array.isArray(messages) ? messages : [],
  );
  return [...new Set(all.length > 0 ? all : error.message ? [error.message] : [])];
}
