/**
 * Error codes of the HTTP API. The server answers every error as
 * `{ "error": { "code": ErrorCode, "message": string } }`; the browser shows the message
 * (or its own translation of the code).
 */
export const errorCodes = {
  /** The request body, query or params failed validation; the message lists the fields. */
  validation_failed: 400,
  /** No session, or the session has ended. */
  unauthorized: 401,
  /** Signed in, but not allowed to do this. */
  forbidden: 403,
  /** No such route or thing (or not visible to the caller). */
  not_found: 404,
  /** The change clashes with the current state (someone else changed it, a duplicate). */
  conflict: 409,
  /** The body or upload is larger than allowed. */
  payload_too_large: 413,
  /** The body's content type is not accepted here. */
  unsupported_media_type: 415,
  /** Too many requests; the Retry-After header says when to try again. */
  rate_limited: 429,
  /** An unexpected failure; details are in the server log, never in the answer. */
  internal: 500,
  /** A component the request needs (database, mail) is not available now. */
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorCodes;

/** The JSON body of every error answer. */
export type ErrorBody = {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
};

/** Default messages per code, in English and Finnish. */
export const errorMessages: Record<'en' | 'fi', Record<ErrorCode, string>> = {
  en: {
    validation_failed: 'Some fields are not valid.',
    unauthorized: 'Please sign in.',
    forbidden: 'You do not have access to this.',
    not_found: 'Not found',
    conflict: 'This was changed meanwhile. Please reload and try again.',
    payload_too_large: 'The content is too large.',
    unsupported_media_type: 'This type of content is not accepted.',
    rate_limited: 'Too many attempts. Please wait a moment and try again.',
    internal: 'Something went wrong. Please try again.',
    unavailable: 'The service is not available right now. Please try again shortly.',
  },
  fi: {
    validation_failed: 'Osa kentistä on virheellisiä.',
    unauthorized: 'Kirjaudu sisään.',
    forbidden: 'Sinulla ei ole oikeutta tähän.',
    not_found: 'Ei löytynyt',
    conflict: 'Tätä muutettiin sillä välin. Lataa sivu uudelleen ja yritä uudestaan.',
    payload_too_large: 'Sisältö on liian suuri.',
    unsupported_media_type: 'Tämän tyyppistä sisältöä ei hyväksytä.',
    rate_limited: 'Liian monta yritystä. Odota hetki ja yritä uudelleen.',
    internal: 'Jokin meni vikaan. Yritä uudelleen.',
    unavailable: 'Palvelu ei ole juuri nyt käytettävissä. Yritä pian uudelleen.',
  },
};
