import { errorMessages } from '@pactum/core/errors';
import type { Lang } from '@pactum/core/validation';
import { ApiError } from '../../app/http';

/**
 * The Send & Sign PDF form's own text for a refused send, or undefined for the usual one. The
 * server answers a workspace without credits with the send flow's text, which is a fragment of
 * the drafts' billing line ('- insufficient credits for this billing account,'); on its own in
 * an alert the whole sentence of the error code reads better.
 */
export function sendPdfErrorText(error: unknown, lang: Lang): string | undefined {
  if (error instanceof ApiError && error.code === 'insufficient_credits') {
    return errorMessages[lang].insufficient_credits;
  }
  return undefined;
}
