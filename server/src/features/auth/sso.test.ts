import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import {
  type OidcAccount,
  passProvider,
  startOidcProvider,
  TestBrowser,
  type TestOidcProvider,
} from '../../test/oidc-provider';
import { freePort } from '../../test/processes';

// Google and Microsoft sign-in against a real OpenID provider (oidc-provider) on this machine:
// the same code path as production, only the discovery URLs point here.

const GOOGLE = { clientId: 'pactum-google', clientSecret: 'google-client-secret-for-tests' };
const MICROSOFT = { clientId: 'pactum-microsoft', clientSecret: 'microsoft-client-secret-tests' };
const PROTECTED_DOMAIN = 'lovelace-labs.test';

/** New to Pactum; her domain must use Google. */
const ada: OidcAccount = {
  sub: 'google-sub-ada-0001',
  email: `Ada.Lovelace@${PROTECTED_DOMAIN}`,
  givenName: 'Ada',
  familyName: 'Lovelace',
};
/** Same protected domain, tries Microsoft. */
const grace: OidcAccount = {
  sub: 'sub-grace-0002',
  email: `grace.hopper@${PROTECTED_DOMAIN}`,
  givenName: 'Grace',
  familyName: 'Hopper',
};
/** Holds, at the provider, the e-mail of an existing Pactum password user. */
const mallory: OidcAccount = {
  sub: 'sub-mallory-0003',
  email: 'victim.person@example.test',
  givenName: 'Mallory',
  familyName: 'Impostor',
};
/** New to Pactum; her ID tokens get tampered with on the way. */
const eve: OidcAccount = {
  sub: 'sub-eve-0004',
  email: 'eve.example@example.test',
  givenName: 'Eve',
  familyName: 'Example',
};

let t: TestApp;
let oidc: TestOidcProvider;
let appUrl: string;

beforeAll(async () => {
  // PUBLIC_URL must be the address the app listens on (the provider sends browsers back there),
  // so the port is chosen before the app is built.
  const port = await freePort();
  appUrl = `http://127.0.0.1:${port}`;
  oidc = await startOidcProvider({
    clients: [
      { ...GOOGLE, redirectUris: [`${appUrl}/api/auth/callback/google`] },
      { ...MICROSOFT, redirectUris: [`${appUrl}/api/auth/callback/microsoft`] },
    ],
    accounts: [ada, grace, mallory, eve],
  });
  t = await createTestApp({
    env: {
      PUBLIC_URL: appUrl,
      GOOGLE_CLIENT_ID: GOOGLE.clientId,
      GOOGLE_CLIENT_SECRET: GOOGLE.clientSecret,
      GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
      MICROSOFT_CLIENT_ID: MICROSOFT.clientId,
      MICROSOFT_CLIENT_SECRET: MICROSOFT.clientSecret,
      MICROSOFT_DISCOVERY_URL: oidc.discoveryUrl,
      SSO_PROTECTED_DOMAINS: `${PROTECTED_DOMAIN}:google`,
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await oidc?.close();
});

type SignInResult = {
  /** Where the app sent the browser after the provider, as path and query. */
  landing: URL;
  /** The session cookie the app set, if any. */
  session: string | undefined;
  /** The Cookie header the browser now sends to the app. */
  cookie: string;
};

/**
 * What a browser does on "Sign in with Google/Microsoft": start at the app, pass the
 * provider's login and consent as `person`, and come back to the app's callback.
 */
async function signInThroughProvider(
  browser: TestBrowser,
  provider: 'google' | 'microsoft',
  person: OidcAccount,
): Promise<SignInResult> {
  const start = await browser.request(
    `${appUrl}/api/v1/auth/sso/${provider}?redirect=${encodeURIComponent('/dashboard/home')}`,
  );
  expect(start.status).toBe(302);
  const authorizationUrl = start.headers.get('location') ?? '';
  expect(authorizationUrl.startsWith(`${oidc.issuer}/`)).toBe(true);
  const callbackUrl = await passProvider(browser, {
    authorizationUrl,
    login: person.sub,
    returnTo: `${appUrl}/api/auth/callback/${provider}?`,
  });
  const callback = await browser.request(callbackUrl);
  expect(callback.status).toBe(302);
  const session = callback.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('pactum.session_token=') && !cookie.includes('=;'));
  return {
    landing: new URL(callback.headers.get('location') ?? '', appUrl),
    session,
    cookie: browser.cookie(appUrl),
  };
}

async function me(cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
}

async function usersWithEmail(email: string): Promise<number> {
  const [row] = await t.platform.database.db
    .select({ total: count() })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  return row?.total ?? 0;
}

async function identitiesOf(userId: string) {
  return t.platform.database.db
    .select({ providerId: accounts.providerId, accountId: accounts.accountId })
    .from(accounts)
    .where(eq(accounts.userId, userId));
}

function expectRefused(result: SignInResult, reason: string) {
  expect(result.session).toBeUndefined();
  expect(result.landing.pathname).toBe('/login');
  expect(result.landing.searchParams.getAll('error')).toEqual([reason]);
}

describe('single sign-on through an OpenID provider', () => {
  it('signs a new user up, completes the profile, and signs them in again', async () => {
    const first = await signInThroughProvider(new TestBrowser(), 'google', ada);
    expect(`${first.landing.pathname}${first.landing.search}`).toBe(
      '/sso/complete?redirect=%2Fdashboard%2Fhome',
    );
    expect(first.session).toMatch(/HttpOnly/i);
    const created = await me(first.cookie);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      email: ada.email.toLowerCase(),
      emailVerified: true,
      isProfileComplete: false,
      isProtectedDomain: true,
      ssoProvider: 'google',
    });
    // The provider's names prefill the sign-up form.
    expect(created.json().firstname).not.toBe('');

    // The identity is the provider and the subject, not the e-mail address.
    const userId = created.json().id as string;
    expect(await identitiesOf(userId)).toEqual([{ providerId: 'google', accountId: ada.sub }]);

    // The web app sends an incomplete profile to /sso/signup, which posts this.
    const completed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sso-signup',
      headers: { cookie: first.cookie, origin: appUrl },
      payload: {
        firstname: 'ada',
        lastname: 'king-lovelace',
        phone: '+358401234567',
        acceptTerms: true,
        lang: 'en',
      },
    });
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toMatchObject({
      id: userId,
      firstname: 'Ada',
      lastname: 'King-Lovelace',
      phone: '+358401234567',
      isProfileComplete: true,
    });

    // Another day, another browser: straight back in, to the same user.
    const again = await signInThroughProvider(new TestBrowser(), 'google', ada);
    expect(`${again.landing.pathname}${again.landing.search}`).toBe(
      '/sso/complete?redirect=%2Fdashboard%2Fhome',
    );
    expect(again.session).toBeDefined();
    expect((await me(again.cookie)).json()).toMatchObject({
      id: userId,
      isProfileComplete: true,
      ssoProvider: 'google',
    });
    expect(await usersWithEmail(ada.email)).toBe(1);
    expect(await identitiesOf(userId)).toEqual([{ providerId: 'google', accountId: ada.sub }]);
  });

  it('does not let a provider identity into a password account with the same e-mail', async () => {
    const victim = await createUser(t.platform, { email: mallory.email });
    const result = await signInThroughProvider(new TestBrowser(), 'google', mallory);
    expectRefused(result, 'account_not_linked');
    expect(await usersWithEmail(mallory.email)).toBe(1);
    expect(await identitiesOf(victim.id)).toEqual([
      { providerId: 'credential', accountId: victim.id },
    ]);
  });

  it('refuses a protected domain through the other provider', async () => {
    // Ada, on the same domain, came in through Google above.
    const result = await signInThroughProvider(new TestBrowser(), 'microsoft', grace);
    expectRefused(result, 'protected_domain_google');
    expect(await usersWithEmail(grace.email)).toBe(0);
  });

  describe('an ID token changed on the way, though signed with the provider’s key', () => {
    afterAll(() => oidc.tamperIdToken(undefined));

    it('is refused with a nonce of another sign-in', async () => {
      oidc.tamperIdToken((claims) => ({ ...claims, nonce: 'nonce-of-another-sign-in' }));
      const result = await signInThroughProvider(new TestBrowser(), 'google', eve);
      expectRefused(result, 'unable_to_get_user_info');
      expect(await usersWithEmail(eve.email)).toBe(0);
    });

    it('is refused when issued to another client', async () => {
      oidc.tamperIdToken((claims) => ({ ...claims, aud: MICROSOFT.clientId }));
      const result = await signInThroughProvider(new TestBrowser(), 'google', eve);
      expectRefused(result, 'unable_to_get_user_info');
      expect(await usersWithEmail(eve.email)).toBe(0);
    });

    it('is accepted when only signed again, so the refusals above are the claims’', async () => {
      oidc.tamperIdToken((claims) => claims);
      const result = await signInThroughProvider(new TestBrowser(), 'google', eve);
      expect(result.landing.pathname).toBe('/sso/complete');
      expect(result.session).toBeDefined();
      expect(await usersWithEmail(eve.email)).toBe(1);
    });
  });
});
