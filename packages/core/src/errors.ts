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
  /** Too many requests; the Retry-After header (and `retryAfterSeconds`) says when to try again. */
  rate_limited: 429,
  /** Sign-in: no account has this e-mail address. */
  account_not_found: 404,
  /** Sign-in: the e-mail and password do not match. */
  invalid_credentials: 401,
  /** The e-mail's domain must sign in with its single sign-on provider. */
  protected_domain: 403,
  /** Sign-up: an account with this e-mail already exists. */
  email_taken: 409,
  /** A verification or reset code is unknown, expired or used. */
  code_invalid: 400,
  /** Password change: the current password is wrong. */
  wrong_password: 400,
  /** Password change is not offered to single sign-on domain users. */
  password_change_not_allowed: 403,
  /** The session is too old for this; sign in again. */
  requires_recent_login: 401,
  /** No invite or signer link with this id. */
  invite_not_found: 404,
  /** The invite was claimed by another user. */
  invite_used: 409,
  /** The invite no longer leads anywhere (withdrawn, the deal trashed). */
  invite_invalid: 410,
  /** The link was sent to another address than the signed-in account's (or the receiver has
   * joined and the link is not this account's verified address). */
  invite_wrong_account: 403,
  /** The account is on the other side of the deal than the invite leads to. */
  invite_other_party: 409,
  /** A spend is larger than the workspace's credits; nothing changed. */
  insufficient_credits: 409,
  /** The card payment was declined or failed; the message is the processor's. */
  payment_failed: 402,
  /** An unexpected failure; details are in the server log, never in the answer. */
  internal: 500,
  /** A component the request needs (database, mail) is not available now. */
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorCodes;

/** The JSON body of every error answer. */
export type ErrorBody = {
  error: {
    code: ErrorCode;
    message: string;
    fields?: Record<string, string>;
    /** With a 429 that knows it: the seconds to wait before trying again, as in Retry-After. */
    retryAfterSeconds?: number;
  };
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
    account_not_found: 'No account found with this email address. Please register.',
    invalid_credentials: 'Invalid email or password.',
    protected_domain:
      'This is a protected domain and login is allowed only by using the {provider} sign in.',
    email_taken: 'An account with this email address already exists. Please sign in.',
    code_invalid: 'The link has expired or has already been used. Please ask for a new one.',
    wrong_password: 'The current password is not correct.',
    password_change_not_allowed:
      'Users of a single sign-on domain cannot change their password here.',
    requires_recent_login: 'Please sign in again before changing your password.',
    invite_not_found: 'Invite not found',
    invite_used: 'This invite has already been used.',
    invite_invalid: 'This invite link is no longer valid',
    invite_wrong_account:
      'This link was sent to another email address. Sign in with the address it was sent to.',
    invite_other_party:
      'You are on the other side of this contract, so you cannot use this invite.',
    insufficient_credits: 'Insufficient credits for this billing account.',
    payment_failed: 'The payment did not go through.',
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
    account_not_found: 'Tällä sähköpostiosoitteella ei löytynyt tiliä. Rekisteröidy.',
    invalid_credentials: 'Virheellinen sähköposti tai salasana.',
    protected_domain:
      'Tämä on suojattu verkkotunnus, ja kirjautuminen on sallittu vain {provider}-kirjautumisella.',
    email_taken: 'Tällä sähköpostiosoitteella on jo tili. Kirjaudu sisään.',
    code_invalid: 'Linkki on vanhentunut tai jo käytetty. Pyydä uusi linkki.',
    wrong_password: 'Nykyinen salasana ei ole oikein.',
    password_change_not_allowed:
      'Kertakirjautumisen verkkotunnuksen käyttäjät eivät voi vaihtaa salasanaa täällä.',
    requires_recent_login: 'Kirjaudu uudelleen ennen salasanan vaihtoa.',
    invite_not_found: 'Kutsua ei löytynyt',
    invite_used: 'Tämä kutsu on jo käytetty.',
    invite_invalid: 'Tämä kutsulinkki ei ole enää voimassa',
    invite_wrong_account:
      'Tämä linkki lähetettiin toiseen sähköpostiosoitteeseen. Kirjaudu sisään osoitteella, johon se lähetettiin.',
    invite_other_party:
      'Olet tämän sopimuksen toisella puolella, joten et voi käyttää tätä kutsua.',
    insufficient_credits: 'Laskutustilillä ei ole tarpeeksi krediittejä.',
    payment_failed: 'Maksu ei onnistunut.',
    internal: 'Jokin meni vikaan. Yritä uudelleen.',
    unavailable: 'Palvelu ei ole juuri nyt käytettävissä. Yritä pian uudelleen.',
  },
};
