import { randomBytes } from 'node:crypto';
import { drizzleAdapter } from '@better-auth/drizzle-adapter';
import { type SsoProvider, ssoProviders } from '@pactum/core/auth';
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { type GenericOAuthConfig, genericOAuth } from 'better-auth/plugins/generic-oauth';
import { serializeSignedCookie } from 'better-call';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';
import type { Mail } from '../mail/mail';

/** Lifetime of a session; it is extended while used (at most once a day). */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
export const SESSION_RENEW_AFTER_SECONDS = 24 * 60 * 60;
/** E-mail verification and password reset links stay valid this long. */
export const VERIFY_EMAIL_TTL_SECONDS = 24 * 60 * 60;
export const RESET_PASSWORD_TTL_SECONDS = 60 * 60;

/**
 * The auth secret signs cookies and tokens. From AUTH_SECRET when set; otherwise made on the
 * first start and kept in the database, so every process on that database shares it.
 */
export async function loadAuthSecret(
  database: Database,
  fromEnv: string | undefined,
): Promise<string> {
  if (fromEnv) return fromEnv;
  await database.db
    .insert(schema.appSecrets)
    .values({ name: 'auth', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: schema.appSecrets.name });
  const [row] = await database.db
    .select({ value: schema.appSecrets.value })
    .from(schema.appSecrets)
    .where(eq(schema.appSecrets.name, 'auth'));
  if (!row) throw new Error('auth secret missing');
  return row.value;
}

/** The domain part of an e-mail address, lower-cased. */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/** The provider a protected domain must sign in with, if the e-mail's domain is protected. */
export function requiredProvider(config: Config, email: string): SsoProvider | undefined {
  return config.protectedDomains[emailDomain(email)];
}

/** given_name and family_name of a (verified) ID token, when it has them. */
export function namesFromIdToken(idToken: string | null | undefined): {
  firstname?: string;
  lastname?: string;
} {
  const payload = idToken?.split('.')[1];
  if (!payload) return {};
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 250) : '');
    const firstname = text(claims.given_name);
    const lastname = text(claims.family_name);
    return { ...(firstname ? { firstname } : {}), ...(lastname ? { lastname } : {}) };
  } catch {
    return {};
  }
}

function oidcProvider(providerId: SsoProvider, config: Config): GenericOAuthConfig | undefined {
  const settings = config.sso[providerId];
  if (!settings) return undefined;
  return {
    providerId,
    name: providerId === 'google' ? 'Google' : 'Microsoft',
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    discoveryUrl: settings.discoveryUrl,
    // Identity comes from the ID token's claims: refuse to run without verifying it.
    requireIdTokenVerification: true,
    scopes: ['openid', 'profile', 'email'],
    pkce: true,
  };
}

/** Hashing and checking of passwords, as the auth engine takes them. */
export type PasswordHashing = {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
};

/**
 * Pactum's auth engine (better-auth) on our tables: passwords hashed with scrypt, sessions in
 * the database with a signed HttpOnly cookie, e-mail verification and reset links through the
 * mail queue, Google and Microsoft through OpenID Connect (code flow with PKCE, state and
 * nonce checked, ID token verified). Only the OAuth redirect endpoints are reachable over
 * HTTP; everything else is called from our own routes, which add our rules.
 */
export function createAuth(options: {
  config: Config;
  database: Database;
  mail: Mail;
  secret: string;
  /** How passwords are hashed and checked; the engine's scrypt unless given (tests memoise it). */
  passwordHashing?: PasswordHashing | undefined;
}) {
  const { config, database, mail } = options;
  const providers = ssoProviders
    .map((id) => oidcProvider(id, config))
    .filter((provider): provider is GenericOAuthConfig => provider !== undefined);
  const isHttps = config.publicUrl.startsWith('https:');

  return betterAuth({
    appName: 'Pactum',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: options.secret,
    database: drizzleAdapter(database.db, {
      provider: 'pg',
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
      },
    }),
    telemetry: { enabled: false },
    logger: {
      disabled: config.logLevel === 'silent',
      level: config.logLevel === 'debug' || config.logLevel === 'trace' ? 'debug' : 'warn',
    },
    trustedOrigins: config.allowedOrigins,
    // Our routes do their own limiting (per e-mail and per address, shared by all processes).
    rateLimit: { enabled: false },
    session: { expiresIn: SESSION_TTL_SECONDS, updateAge: SESSION_RENEW_AFTER_SECONDS },
    account: {
      // An OpenID identity is its provider and subject; an account is never joined to an
      // existing user because the e-mail addresses match.
      accountLinking: { enabled: false },
    },
    emailAndPassword: {
      enabled: true,
      ...(options.passwordHashing ? { password: options.passwordHashing } : {}),
      minPasswordLength: 6,
      maxPasswordLength: 100,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_PASSWORD_TTL_SECONDS,
      async sendResetPassword({ user, token }) {
        const [profile] = await database.db
          .select({ lang: schema.users.lang })
          .from(schema.users)
          .where(eq(schema.users.id, user.id));
        await mail.queue(database.db, {
          to: user.email,
          template: 'reset-password',
          lang: profile?.lang ?? 'en',
          vars: {
            url: `${config.publicUrl}/verify/email?mode=resetPassword&code=${encodeURIComponent(token)}`,
          },
        });
      },
    },
    emailVerification: {
      sendOnSignUp: false,
      expiresIn: VERIFY_EMAIL_TTL_SECONDS,
      async sendVerificationEmail({ user, token, url }) {
        const [profile] = await database.db
          .select({ lang: schema.users.lang, firstname: schema.users.firstname })
          .from(schema.users)
          .where(eq(schema.users.id, user.id));
        await mail.queue(database.db, {
          to: user.email,
          template: 'verify-email',
          lang: profile?.lang ?? 'en',
          vars: {
            name: profile?.firstname || user.name,
            url: `${config.publicUrl}/verify/email?mode=verifyEmail&code=${encodeURIComponent(token)}${continueParam(url)}`,
          },
        });
      },
    },
    user: {
      // A new address takes effect when the link mailed to it is opened.
      changeEmail: { enabled: true, updateEmailWithoutVerification: false },
      // Profile fields the session carries to every route; never set through the auth API.
      additionalFields: {
        firstname: { type: 'string', input: false, required: false },
        lastname: { type: 'string', input: false, required: false },
        lang: { type: 'string', input: false, required: false },
        isAdmin: { type: 'boolean', input: false, required: false },
      },
      // A protected domain may only come in through its own provider.
      validateUserInfo({ user, source }) {
        if (source.method !== 'oauth' || typeof user.email !== 'string') return;
        const required = requiredProvider(config, user.email);
        if (required && source.oauth?.providerId !== required) {
          return {
            error: `protected_domain_${required}`,
            errorDescription: `Use the ${required} sign in.`,
          };
        }
      },
    },
    databaseHooks: {
      session: {
        create: {
          // No way in for an account Pactum's support disabled: password, single sign-on,
          // sign-up or any other path that ends in a new session. A single sign-on attempt
          // lands on /login?error=account_disabled.
          async before(session) {
            if (await isUserDisabled(database, session.userId)) {
              throw new APIError('FORBIDDEN', {
                code: ACCOUNT_DISABLED,
                message: 'This account has been disabled.',
              });
            }
          },
          // A sign-in through Google or Microsoft is logged like a password one (the password
          // sign-in logs its own in the auth service), so the last sign-in is known for both.
          async after(session, context) {
            if (!context?.path?.startsWith('/callback/')) return;
            await database.db.insert(schema.authEvents).values({
              userId: session.userId,
              type: 'login',
              ipAddress: session.ipAddress || null,
            });
          },
        },
      },
      account: {
        create: {
          async after(account) {
            if (account.providerId !== 'google' && account.providerId !== 'microsoft') return;
            // The ID token was verified before the account was made; its names start the
            // sign-up form that follows the first sign-in.
            const names = namesFromIdToken(account.idToken);
            await database.db
              .update(schema.users)
              .set({ ssoProvider: account.providerId, ...names })
              .where(eq(schema.users.id, account.userId));
          },
        },
      },
    },
    advanced: {
      database: { generateId: 'uuid' },
      cookiePrefix: 'pactum',
      useSecureCookies: isHttps,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: isHttps, path: '/' },
      ipAddress: { ipAddressHeaders: config.trustProxy ? ['x-forwarded-for'] : [] },
    },
    plugins: providers.length > 0 ? [genericOAuth({ config: providers })] : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The code the auth engine's refusal of a disabled account carries. */
export const ACCOUNT_DISABLED = 'account_disabled';

/** Whether Pactum's support disabled the account (issue 17). */
async function isUserDisabled(database: Database, userId: string): Promise<boolean> {
  const [row] = await database.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(and(eq(schema.users.id, userId), isNotNull(schema.users.disabledAt)));
  return row !== undefined;
}

/** The app's own pages a verification link may lead back to (a document the user was on). */
export const VERIFY_RETURN_PATH = /^\/dashboard\/[A-Za-z0-9/_-]{1,200}$/;

/**
 * `&continue=<path>` for the verification link when the request named a page of the app to come
 * back to (better-auth carries it as `callbackURL`); nothing for anything else.
 */
function continueParam(engineUrl: string): string {
  const path = new URL(engineUrl).searchParams.get('callbackURL') ?? '';
  return VERIFY_RETURN_PATH.test(path) ? `&continue=${encodeURIComponent(path)}` : '';
}

/**
 * Starts a session for a user without a password check, as the auth engine would after one,
 * and returns the Cookie header value that carries it. For operator tools, seeding and tests.
 */
export async function createSessionCookie(auth: Auth, userId: string): Promise<string> {
  const context = await auth.$context;
  const session = await context.internalAdapter.createSession(userId);
  const name = context.authCookies.sessionToken.name;
  const setCookie = await serializeSignedCookie(name, session.token, context.secret);
  return setCookie.split(';')[0] ?? '';
}
