import { describe, expect, it } from 'vitest';
import { errorText } from './error-text';
import { ApiError, isSessionEnded } from './http';
import { translateKnownText } from './known-texts';

const notFound = new ApiError(
  404,
  'account_not_found',
  'No account found with this email address. Please register.',
);

describe('errorText', () => {
  it("shows the server's message in English", () => {
    expect(errorText(notFound, 'en')).toBe(
      'No account found with this email address. Please register.',
    );
    expect(errorText(new ApiError(400, 'validation_failed', 'email: Invalid email'), 'en')).toBe(
      'email: Invalid email',
    );
  });

  it('translates the codes it knows into Finnish', () => {
    expect(errorText(notFound, 'fi')).toBe(
      'Tällä sähköpostiosoitteella ei löytynyt tiliä. Rekisteröidy.',
    );
  });

  it('names the provider of a protected domain in Finnish', () => {
    const error = new ApiError(
      403,
      'protected_domain',
      'This is a protected domain and login is allowed only by using the Microsoft sign in.',
    );
    expect(errorText(error, 'fi')).toBe(
      'Tämä on suojattu verkkotunnus, ja kirjautuminen on sallittu vain Microsoft-kirjautumisella.',
    );
  });

  it("keeps the server's text of a code it does not know", () => {
    expect(errorText(new ApiError(400, 'something_new', 'A new rule said no.'), 'fi')).toBe(
      'A new rule said no.',
    );
  });

  it('uses the fallback for unexpected failures only', () => {
    const fallback = 'Sign up failed for unknown reason. Please try again.';
    expect(errorText(new ApiError(500, 'internal', 'Something went wrong.'), 'en', fallback)).toBe(
      fallback,
    );
    expect(errorText(new TypeError('x'), 'en', fallback)).toBe(fallback);
    expect(errorText(notFound, 'en', fallback)).toBe(notFound.message);
  });

  it('explains an unreachable server in the user language', () => {
    expect(
      errorText(new ApiError(0, 'network_error', 'The server could not be reached.'), 'fi'),
    ).toMatch(/^Palvelimeen ei saatu yhteyttä/);
  });
});

describe('errorText with the spec texts of the document areas', () => {
  it("keeps the server's English text in English", () => {
    const inUse = 'This coupon code is already in use. Please write another one.';
    expect(errorText(new ApiError(409, 'conflict', inUse), 'en')).toBe(inUse);
  });

  it('shows the spec texts of every area in Finnish, with their values', () => {
    const cases: [ApiError, string][] = [
      [new ApiError(409, 'conflict', 'Locked by Mary Smith'), 'Lukinnut Mary Smith'],
      [
        new ApiError(400, 'validation_failed', 'No changes to save.'),
        'Ei tallennettavia muutoksia.',
      ],
      [
        new ApiError(
          409,
          'conflict',
          'This section was changed by someone else meanwhile. Your text is kept in the editor: copy it, reload the section and try again.',
        ),
        'Joku muu muutti tätä osiota sillä välin. Tekstisi on yhä editorissa: kopioi se, lataa osio uudelleen ja yritä uudestaan.',
      ],
      [
        new ApiError(
          402,
          'insufficient_credits',
          '- insufficient credits for this billing account,',
        ),
        '- laskutustilillä ei ole tarpeeksi krediittejä,',
      ],
      [
        new ApiError(
          415,
          'unsupported_media_type',
          'The file "a.docx" is not a PDF. Only PDF files can be attached.',
        ),
        'Tiedosto "a.docx" ei ole PDF. Liitteiksi voi lisätä vain PDF-tiedostoja.',
      ],
      [
        new ApiError(
          413,
          'payload_too_large',
          'Max file size for attachments is 10.00 Mb. The file "big.pdf" is 11.44 Mb.',
        ),
        'Liitteen enimmäiskoko on 10.00 Mt. Tiedosto "big.pdf" on 11.44 Mt.',
      ],
      [
        new ApiError(
          403,
          'forbidden',
          'Please verify your email address before sharing with people by email.',
        ),
        'Vahvista sähköpostiosoitteesi ennen kuin jaat sähköpostitse.',
      ],
      [
        new ApiError(
          429,
          'rate_limited',
          'You have shared with too many people by email in a short time. Please try again later.',
        ),
        'Olet jakanut sähköpostitse liian monelle lyhyessä ajassa. Yritä myöhemmin uudelleen.',
      ],
    ];
    for (const [error, fi] of cases) expect(errorText(error, 'fi')).toBe(fi);
  });

  it("shows the web's own failures that carry a spec text", () => {
    const invalid = new Error('Invalid response from queDraftForSending function');
    expect(errorText(invalid, 'en')).toBe('Invalid response from queDraftForSending function');
    expect(errorText(invalid, 'fi')).toBe('Virheellinen vastaus queDraftForSending-funktiolta');
    expect(errorText(new TypeError('x is undefined'), 'en')).toBe(
      'Something went wrong. Please try again.',
    );
  });

  it('falls back to the text of the error code for unknown texts', () => {
    expect(errorText(new ApiError(404, 'not_found', 'Not found'), 'fi')).toBe('Ei löytynyt');
    expect(translateKnownText('Something nobody wrote', 'fi')).toBeUndefined();
  });
});

describe('isSessionEnded', () => {
  it('is true for 401 unauthorized only', () => {
    expect(isSessionEnded(new ApiError(401, 'unauthorized', 'Please sign in.'))).toBe(true);
    expect(isSessionEnded(new ApiError(401, 'invalid_credentials', 'Invalid'))).toBe(false);
    expect(isSessionEnded(new ApiError(401, 'requires_recent_login', 'Again'))).toBe(false);
    expect(isSessionEnded(new Error('x'))).toBe(false);
  });
});
