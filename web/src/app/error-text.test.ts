import { draftMessages } from '@pactum/core/drafts';
import { describe, expect, it } from 'vitest';
import { codeText, errorText } from './error-text';
import { ApiError, isSessionEnded, LocalError } from './http';

const notFound = new ApiError(
  404,
  'account_not_found',
  'No account found with this email address. Please register.',
);

describe('errorText', () => {
  it('shows the text of the error code in each language', () => {
    expect(errorText(notFound, 'en')).toBe(
      'No account found with this email address. Please register.',
    );
    expect(errorText(notFound, 'fi')).toBe(
      'Tällä sähköpostiosoitteella ei löytynyt tiliä. Rekisteröidy.',
    );
  });

  it("fills the text with the error's params, never reading the server's wording", () => {
    // The message is for programs and logs: what a person reads comes from the code.
    const locked = new ApiError(409, 'section_locked', 'whatever the server said', {
      name: 'Mary Smith',
    });
    expect(errorText(locked, 'en')).toBe('Locked by Mary Smith');
    expect(errorText(locked, 'fi')).toBe('Lukinnut Mary Smith');
    const provider = new ApiError(403, 'protected_domain', '', { provider: 'Microsoft' });
    expect(errorText(provider, 'fi')).toBe(
      'Tämä on suojattu verkkotunnus, ja kirjautuminen on sallittu vain Microsoft-kirjautumisella.',
    );
  });

  it('shows the specific refusals of every area in Finnish, with their values', () => {
    const cases: [ApiError, string][] = [
      [new ApiError(400, 'no_changes', ''), 'Ei tallennettavia muutoksia.'],
      [
        new ApiError(409, 'section_changed_meanwhile', ''),
        'Joku muu muutti tätä osiota sillä välin. Tekstisi on yhä editorissa: kopioi se, lataa osio uudelleen ja yritä uudestaan.',
      ],
      [
        new ApiError(409, 'insufficient_credits', ''),
        'Laskutustilillä ei ole tarpeeksi krediittejä.',
      ],
      [
        new ApiError(415, 'file_not_pdf', '', { name: 'a.docx' }),
        'Tiedosto "a.docx" ei ole PDF. Liitteiksi voi lisätä vain PDF-tiedostoja.',
      ],
      [
        new ApiError(413, 'file_too_large', '', {
          maxMb: '10.00',
          name: 'big.pdf',
          sizeMb: '11.44',
        }),
        'Liitteen enimmäiskoko on 10.00 Mt. Tiedosto "big.pdf" on 11.44 Mt.',
      ],
      [
        new ApiError(403, 'share_needs_verified_email', ''),
        'Vahvista sähköpostiosoitteesi ennen kuin jaat sähköpostitse.',
      ],
      [
        new ApiError(429, 'share_mail_limit_user', ''),
        'Olet jakanut sähköpostitse liian monelle lyhyessä ajassa. Yritä myöhemmin uudelleen.',
      ],
      [new ApiError(409, 'already_member', '', { email: 'a@b.fi' }), 'a@b.fi on jo jäsen.'],
      [
        new ApiError(409, 'upload_offset_mismatch', '', { offset: 512 }),
        'Lataus on kohdassa 512; lähetä osa siitä alkaen.',
      ],
    ];
    for (const [error, fi] of cases) expect(errorText(error, 'fi')).toBe(fi);
  });

  it('keeps params that share a name with an i18next option apart from the options', () => {
    expect(codeText('tag_exists', 'en', { tag: 'count' })).toBe('Tag count already exists');
    expect(codeText('already_invited', 'fi', { email: 'lng@x.fi' })).toBe(
      'lng@x.fi on jo kutsuttu.',
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

  it("shows the web's own failures in the user's language", () => {
    const invalid = new LocalError({
      en: draftMessages.en.invalidQueueResponse,
      fi: draftMessages.fi.invalidQueueResponse,
    });
    expect(errorText(invalid, 'en')).toBe('Invalid response from queDraftForSending function');
    expect(errorText(invalid, 'fi')).toBe('Virheellinen vastaus queDraftForSending-funktiolta');
    expect(errorText(new TypeError('x is undefined'), 'en')).toBe(
      'Something went wrong. Please try again.',
    );
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
