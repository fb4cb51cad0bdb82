import { describe, expect, it } from 'vitest';
import { errorText } from './error-text';
import { ApiError, isSessionEnded } from './http';

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

describe('isSessionEnded', () => {
  it('is true for 401 unauthorized only', () => {
    expect(isSessionEnded(new ApiError(401, 'unauthorized', 'Please sign in.'))).toBe(true);
    expect(isSessionEnded(new ApiError(401, 'invalid_credentials', 'Invalid'))).toBe(false);
    expect(isSessionEnded(new ApiError(401, 'requires_recent_login', 'Again'))).toBe(false);
    expect(isSessionEnded(new Error('x'))).toBe(false);
  });
});
