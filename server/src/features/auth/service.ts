import type { SecondFactorMethod } from '@pactum/core/api/two-factor';
import { type SsoProvider, ssoProviderNames } from '@pactum/core/auth';
import { type Lang, storedPhone, titleCase } from '@pactum/core/validation';
import { and, eq, isNull } from 'drizzle-orm';
import { accounts, authEvents, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import {
  ACCOUNT_DISABLED,
  requiredProvider,
  VERIFY_EMAIL_TTL_SECONDS,
  VERIFY_RETURN_PATH,
} from '../../platform/auth/auth';
import { claimLinkUse, releaseLinkUse } from '../../platform/auth/used-links';
import type { Platform } from '../../platform/platform';
import type { RateRule } from '../../platform/rate-limit/rate-limit';
import { beginSecondStep, isPasswordRight } from '../two-factor';
import { acceptWorkspaceInvites } from '../workspaces';
import { betterAuthCode } from './better-auth-errors';

/** The 11th failed sign-in for one e-mail within 15 minutes is refused (429). */
export const SIGN_IN_FAILURES: RateRule = { max: 10, windowSeconds: 15 * 60 };
const SIGN_IN_PER_ADDRESS: RateRule = { max: 100, windowSeconds: 15 * 60 };
/**
 * Sign-up attempts for one e-mail address: a person retrying needs a handful; more is someone
 * hammering the address (probing whether it is registered, or its mailbox).
 */
const SIGN_UP_PER_EMAIL: RateRule = { max: 5, windowSeconds: 60 * 60 };
const RESET_PER_EMAIL: RateRule = { max: 5, windowSeconds: 60 * 60 };
const RESET_PER_ADDRESS: RateRule = { max: 30, windowSeconds: 60 * 60 };
const CODES_PER_ADDRESS: RateRule = { max: 30, windowSeconds: 15 * 60 };
const VERIFICATION_MAILS_PER_USER: RateRule = { max: 5, windowSeconds: 60 * 60 };
/**
 * One verification mail a minute to an address, whoever asks for it (the user or support): a
 * mailbox is never flooded in a burst, however the hourly budget stands.
 */
const VERIFICATION_MAIL_GAP: RateRule = { max: 1, windowSeconds: 60 };
/** A password change needs a session younger than this (else: sign in again). */
export const RECENT_LOGIN_SECONDS = 24 * 60 * 60;

/** A right password of an account with a second factor: the factors the sign-in may finish with. */
export type SecondStepOutcome = { secondFactor: SecondFactorMethod[]; setCookies: string[] };

/** What the caller's browser sent, as the auth engine needs it. */
export type Caller = { headers: Headers; ip: string };
/** An auth result: the user and the cookies to set (or clear). */
export type AuthOutcome = { userId: string; setCookies: string[] };

async function limit(platform: Platform, key: string, rule: RateRule): Promise<void> {
  const result = await platform.rateLimiter.hit(key, rule);
  if (!result.isAllowed) throw rateLimited(result.retryAfterSeconds);
}

/** 429 with the wait, as the Retry-After header and in the body for the page to show. */
function rateLimited(retryAfterSeconds: number): AppError {
  return new AppError('rate_limited', {}, { retryAfterSeconds });
}

/**
 * Sign-ups from one IP address, as a token bucket rather than a fixed window: a whole office
 * behind one NAT can register together (the bucket holds an hour's budget, 200 by default), and
 * once it is empty the next person waits seconds for a token, not until a window ends. Mass
 * account creation from one address is still held to the refill rate (200 an hour, one every
 * 18 s), and a refused attempt takes no token, so hammering does not lengthen the wait.
 */
async function limitSignUpsFromIp(platform: Platform, ip: string): Promise<void> {
  const rule = { max: platform.config.signUpPerIpPerHour, windowSeconds: 60 * 60 };
  const result = await platform.rateLimiter.take(`sign-up-ip:${ip}`, rule);
  if (!result.isAllowed) throw rateLimited(result.retryAfterSeconds);
}

function protectedDomainError(provider: SsoProvider): AppError {
  return new AppError('protected_domain', { provider: ssoProviderNames[provider] });
}

async function logEvent(
  platform: Platform,
  userId: string,
  type: (typeof authEvents.$inferInsert)['type'],
  ip: string | null,
): Promise<void> {
  await platform.database.db.insert(authEvents).values({ userId, type, ipAddress: ip });
}

/**
 * Registers with e-mail and password and signs in (the e-mail is unverified until the link in
 * the mail is opened). Names are stored title-cased, e-mail lower-cased, phone only when
 * longer than 5 characters.
 */
export async function signUp(
  platform: Platform,
  caller: Caller,
  input: {
    firstname: string;
    lastname: string;
    email: string;
    phone: string;
    password: string;
    lang: Lang;
  },
): Promise<AuthOutcome> {
  const provider = requiredProvider(platform.config, input.email);
  if (provider) throw protectedDomainError(provider);
  // The e-mail address first: one person retrying is refused without spending the office's
  // budget.
  await limit(platform, `sign-up-email:${input.email}`, SIGN_UP_PER_EMAIL);
  await limitSignUpsFromIp(platform, caller.ip);
  const firstname = titleCase(input.firstname);
  const lastname = titleCase(input.lastname);
  const result = await platform.auth.api
    .signUpEmail({
      body: { name: `${firstname} ${lastname}`, email: input.email, password: input.password },
      headers: caller.headers,
      returnHeaders: true,
    })
    .catch((error: unknown) => {
      if (betterAuthCode(error)?.startsWith('USER_ALREADY_EXISTS'))
        throw new AppError('email_taken');
      throw error;
    });
  const userId = result.response.user.id;
  const now = new Date();
  await platform.database.db
    .update(users)
    .set({
      firstname,
      lastname,
      phone: storedPhone(input.phone),
      lang: input.lang,
      termsAcceptedAt: now,
      profileCompletedAt: now,
    })
    .where(eq(users.id, userId));
  await platform.auth.api.sendVerificationEmail({ body: { email: input.email } });
  await logEvent(platform, userId, 'signup', caller.ip);
  return { userId, setCookies: result.headers.getSetCookie() };
}

/**
 * Signs in with e-mail and password; a new session each time. An unknown e-mail gets the
 * spec's 'No account found…'; failures count per e-mail, and the 11th within 15 minutes is
 * refused before the password is even checked. A successful sign-in clears the count. A
 * disabled account is refused (403 `account_disabled`) once its password is right.
 */
export async function signIn(
  platform: Platform,
  caller: Caller,
  input: { email: string; password: string },
): Promise<AuthOutcome | SecondStepOutcome> {
  const provider = requiredProvider(platform.config, input.email);
  if (provider) throw protectedDomainError(provider);
  await limit(platform, `sign-in:${caller.ip}`, SIGN_IN_PER_ADDRESS);
  // Every attempt counts as a failure before the password is checked, and the count decides in
  // the same statement: counting only after a failed check let parallel guesses all pass a
  // check made before any of them was counted. The right password clears the count below.
  const failureKey = `sign-in-failure:${input.email}`;
  await limit(platform, failureKey, SIGN_IN_FAILURES);

  const [user] = await platform.database.db
    .select({ id: users.id, twoFactorAt: users.twoFactorAt, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.email, input.email));
  if (!user) throw new AppError('account_not_found');
  if (user.twoFactorAt) {
    // A second factor follows the password: no session until it is given.
    if (!(await isPasswordRight(platform, user.id, input.password))) {
      throw new AppError('invalid_credentials');
    }
    if (user.disabledAt) throw new AppError('account_disabled');
    await platform.rateLimiter.reset(failureKey);
    const step = await beginSecondStep(platform, user.id);
    return { secondFactor: step.methods, setCookies: step.setCookies };
  }
  try {
    const result = await platform.auth.api.signInEmail({
      body: { email: input.email, password: input.password },
      headers: caller.headers,
      returnHeaders: true,
    });
    await platform.rateLimiter.reset(failureKey);
    await logEvent(platform, user.id, 'login', caller.ip);
    const signedIn = result.response.user;
    await acceptWorkspaceInvites(platform, {
      userId: user.id,
      email: signedIn.email,
      isEmailVerified: signedIn.emailVerified,
    });
    return { userId: user.id, setCookies: result.headers.getSetCookie() };
  } catch (error) {
    const code = betterAuthCode(error);
    if (code === undefined) throw error;
    // The right password of an account Pactum's support disabled (the engine's session hook
    // refuses it); a wrong one stays 'invalid_credentials', so the state is no one else's news.
    if (code === ACCOUNT_DISABLED) throw new AppError('account_disabled');
    throw new AppError('invalid_credentials');
  }
}

/** Ends this session (the row is deleted, the cookie cleared) and logs the sign-out. */
export async function signOut(
  platform: Platform,
  caller: Caller,
  options: { userId: string | undefined },
): Promise<{ setCookies: string[] }> {
  const result = await platform.auth.api.signOut({ headers: caller.headers, returnHeaders: true });
  if (options.userId) await logEvent(platform, options.userId, 'logout', caller.ip);
  return { setCookies: result.headers.getSetCookie() };
}

/** Mails a reset link when the account exists; the answer is the same either way. */
export async function requestPasswordReset(
  platform: Platform,
  caller: Caller,
  input: { email: string },
): Promise<void> {
  await limit(platform, `reset:${caller.ip}`, RESET_PER_ADDRESS);
  const perEmail = await platform.rateLimiter.hit(`reset:${input.email}`, RESET_PER_EMAIL);
  // Past the per-address limit the answer stays the same, but no more mail goes out.
  if (!perEmail.isAllowed) return;
  if (requiredProvider(platform.config, input.email)) return;
  await platform.auth.api.requestPasswordReset({
    body: { email: input.email, redirectTo: '/verify/email' },
    headers: caller.headers,
  });
}

/** Sets a new password with the code from the reset mail; every session of the user ends. */
export async function resetPassword(
  platform: Platform,
  caller: Caller,
  input: { code: string; password: string },
): Promise<void> {
  await limit(platform, `code:${caller.ip}`, CODES_PER_ADDRESS);
  try {
    await platform.auth.api.resetPassword({
      body: { token: input.code, newPassword: input.password },
      headers: caller.headers,
    });
  } catch (error) {
    if (betterAuthCode(error) !== undefined) throw new AppError('code_invalid');
    throw error;
  }
}

/** Marks the e-mail verified (or moves it) with the code from the mail; each code works once. */
export async function verifyEmail(
  platform: Platform,
  caller: Caller,
  input: { code: string },
): Promise<void> {
  await limit(platform, `code:${caller.ip}`, CODES_PER_ADDRESS);
  // The engine would accept the same link again until it expires; each one works once.
  const { database } = platform;
  if (!(await claimLinkUse(database, input.code, VERIFY_EMAIL_TTL_SECONDS))) {
    throw new AppError('code_invalid');
  }
  try {
    await platform.auth.api.verifyEmail({ query: { token: input.code } });
  } catch (error) {
    await releaseLinkUse(database, input.code);
    if (betterAuthCode(error) !== undefined) throw new AppError('code_invalid');
    throw error;
  }
}

/**
 * Mails the verification link again to the user (asked by them or by support): at most one a
 * minute to the address and five an hour to the user, both shared by every way of asking.
 */
export async function sendVerification(
  platform: Platform,
  options: { userId: string; email: string; isVerified: boolean; returnTo?: string },
): Promise<void> {
  if (options.isVerified) return;
  await limit(platform, `verify-mail-gap:${options.email}`, VERIFICATION_MAIL_GAP);
  await limit(platform, `verify-mail:${options.userId}`, VERIFICATION_MAILS_PER_USER);
  // The link leads back to the page the user asked from (the document they are to sign): only
  // a page of this app, never another site, whoever calls this.
  const returnTo =
    options.returnTo && VERIFY_RETURN_PATH.test(options.returnTo) ? options.returnTo : undefined;
  await platform.auth.api.sendVerificationEmail({
    body: { email: options.email, ...(returnTo ? { callbackURL: returnTo } : {}) },
  });
}

/**
 * Changes the password after checking the current one. Every other session of the user ends;
 * this browser gets a fresh session. Single sign-on domain users cannot do this, and a session
 * older than a day must sign in again first.
 */
export async function changePassword(
  platform: Platform,
  caller: Caller,
  options: {
    userId: string;
    email: string;
    sessionCreatedAt: Date;
    currentPassword: string;
    newPassword: string;
  },
): Promise<{ setCookies: string[] }> {
  if (requiredProvider(platform.config, options.email)) {
    throw new AppError('password_change_not_allowed');
  }
  if (Date.now() - options.sessionCreatedAt.getTime() > RECENT_LOGIN_SECONDS * 1000) {
    throw new AppError('requires_recent_login');
  }
  await limit(platform, `change-password:${options.userId}`, SIGN_IN_FAILURES);
  try {
    const result = await platform.auth.api.changePassword({
      body: {
        currentPassword: options.currentPassword,
        newPassword: options.newPassword,
        revokeOtherSessions: true,
      },
      headers: caller.headers,
      returnHeaders: true,
    });
    await logEvent(platform, options.userId, 'password-change', caller.ip);
    return { setCookies: result.headers.getSetCookie() };
  } catch (error) {
    const code = betterAuthCode(error);
    if (code === 'INVALID_PASSWORD' || code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') {
      throw new AppError('wrong_password');
    }
    throw error;
  }
}

/**
 * Starts an e-mail change: a confirmation link goes to the new address (through the
 * verification mail), and the address changes when it is opened. An address already in use
 * gets the same answer and no mail. Single sign-on users keep their provider's address.
 */
export async function changeEmail(
  platform: Platform,
  caller: Caller,
  options: { userId: string; email: string; newEmail: string },
): Promise<void> {
  const [user] = await platform.database.db
    .select({ ssoProvider: users.ssoProvider })
    .from(users)
    .where(eq(users.id, options.userId));
  if (user?.ssoProvider || requiredProvider(platform.config, options.email)) {
    throw new AppError('sso_address');
  }
  const provider = requiredProvider(platform.config, options.newEmail);
  if (provider) throw protectedDomainError(provider);
  if (options.newEmail === options.email) return;
  await limit(platform, `verify-mail:${options.userId}`, VERIFICATION_MAILS_PER_USER);
  await platform.auth.api.changeEmail({
    body: { newEmail: options.newEmail, callbackURL: '/dashboard/account/my' },
    headers: caller.headers,
  });
}

/** A safe place to return to after sign-in: a path of this site only. */
export function safeRedirect(redirect: string | undefined): string {
  if (!redirect?.startsWith('/') || redirect.startsWith('//') || redirect.includes('\\')) {
    return '/dashboard/home';
  }
  return redirect;
}

/**
 * Starts Google or Microsoft sign-in: the provider's address to send the browser to, and the
 * state cookies. After the provider, the browser comes back to `/sso/complete`.
 */
export async function startSso(
  platform: Platform,
  caller: Caller,
  options: { provider: SsoProvider; redirect: string | undefined },
): Promise<{ url: string; setCookies: string[] }> {
  if (!platform.config.sso[options.provider]) throw new AppError('not_found');
  const back = encodeURIComponent(safeRedirect(options.redirect));
  const result = await platform.auth.api.signInSocial({
    body: {
      provider: options.provider,
      callbackURL: `/sso/complete?redirect=${back}`,
      newUserCallbackURL: `/sso/complete?redirect=${back}`,
      // better-auth adds `?error=<reason>` (e.g. protected_domain_google, account_not_linked).
      errorCallbackURL: '/login',
      disableRedirect: true,
    },
    headers: caller.headers,
    returnHeaders: true,
  });
  const url = (result.response as { url?: string }).url;
  if (!url) throw new AppError('unavailable');
  return { url, setCookies: result.headers.getSetCookie() };
}

/** Completes the profile after the first Google/Microsoft sign-in (route register-sso). */
export async function completeSsoSignUp(
  platform: Platform,
  caller: Caller,
  options: {
    userId: string;
    firstname: string;
    lastname: string;
    phone: string;
    lang: Lang;
  },
): Promise<void> {
  const [account] = await platform.database.db
    .select({ providerId: accounts.providerId })
    .from(accounts)
    .where(and(eq(accounts.userId, options.userId)));
  if (!account || account.providerId === 'credential') throw new AppError('forbidden');
  const firstname = titleCase(options.firstname);
  const lastname = titleCase(options.lastname);
  const now = new Date();
  const updated = await platform.database.db
    .update(users)
    .set({
      firstname,
      lastname,
      name: `${firstname} ${lastname}`,
      phone: storedPhone(options.phone),
      lang: options.lang,
      termsAcceptedAt: now,
      profileCompletedAt: now,
    })
    .where(and(eq(users.id, options.userId), isNull(users.profileCompletedAt)))
    .returning({ id: users.id });
  if (updated.length === 0) throw new AppError('signup_complete');
  await logEvent(platform, options.userId, 'signup', caller.ip);
}
