import { meSchema } from '@pactum/core/api/account';
import { authProvidersSchema } from '@pactum/core/api/auth';
import {
  passkeyOptionsSchema,
  passkeySignInSchema,
  secondFactorCodeSchema,
  secondFactorStepSchema,
} from '@pactum/core/api/two-factor';
import { noContent } from '@pactum/core/api/wire';
import { signInSchema, signUpSchema } from '@pactum/core/auth';
import { z } from 'zod';
import { forgetSession, getSession } from '../../http/session';
import { getMe } from '../account';
import { finishWithCode, finishWithPasskey, passkeySignInOptions } from '../two-factor';
import { type AuthApp, caller, setCookies, stepCaller, tags } from './route-kit';
import { signIn, signOut, signUp } from './service';

/** The sign-in page’s providers, sign-up, sign-in with its second factor, sign-out. */
export function registerSignInRoutes(app: AuthApp): void {
  const platform = app.platform;

  app.get(
    '/api/v1/auth/providers',
    {
      schema: {
        tags,
        summary: 'Which single sign-on providers are enabled',
        response: { 200: authProvidersSchema },
      },
    },
    async () => ({
      google: platform.config.sso.google !== undefined,
      microsoft: platform.config.sso.microsoft !== undefined,
    }),
  );

  app.post(
    '/api/v1/auth/sign-up',
    {
      schema: {
        tags,
        summary: 'Register with e-mail and password',
        body: signUpSchema,
        response: { 201: meSchema },
      },
    },
    async (request, reply) => {
      const outcome = await signUp(platform, caller(request), request.body);
      setCookies(reply, outcome.setCookies);
      return reply.status(201).send(await getMe(platform, { userId: outcome.userId }));
    },
  );

  app.post(
    '/api/v1/auth/sign-in',
    {
      schema: {
        tags,
        summary:
          'Sign in with e-mail and password (then a second factor, when the account has one)',
        body: signInSchema,
        response: { 200: z.union([meSchema, secondFactorStepSchema]) },
      },
    },
    async (request, reply) => {
      const outcome = await signIn(platform, caller(request), request.body);
      setCookies(reply, outcome.setCookies);
      if ('secondFactor' in outcome) return { secondFactor: { methods: outcome.secondFactor } };
      return getMe(platform, { userId: outcome.userId });
    },
  );

  app.post(
    '/api/v1/auth/sign-in/code',
    {
      schema: {
        tags,
        summary: 'Finish a sign-in with an authenticator code or a recovery code',
        body: secondFactorCodeSchema,
        response: { 200: meSchema },
      },
    },
    async (request, reply) => {
      const outcome = await finishWithCode(platform, stepCaller(request), request.body);
      setCookies(reply, outcome.setCookies);
      return getMe(platform, { userId: outcome.userId });
    },
  );

  app.post(
    '/api/v1/auth/sign-in/passkey/options',
    {
      schema: {
        tags,
        summary: 'WebAuthn options to finish a sign-in with a passkey',
        response: { 200: passkeyOptionsSchema },
      },
    },
    async (request) => ({ options: await passkeySignInOptions(platform, stepCaller(request)) }),
  );

  app.post(
    '/api/v1/auth/sign-in/passkey',
    {
      schema: {
        tags,
        summary: 'Finish a sign-in with the passkey’s answer',
        body: passkeySignInSchema,
        response: { 200: meSchema },
      },
    },
    async (request, reply) => {
      const outcome = await finishWithPasskey(platform, stepCaller(request), request.body);
      setCookies(reply, outcome.setCookies);
      return getMe(platform, { userId: outcome.userId });
    },
  );

  app.post(
    '/api/v1/auth/sign-out',
    { schema: { tags, summary: 'Sign out this browser', response: { 204: noContent } } },
    async (request, reply) => {
      const session = await getSession(request);
      const outcome = await signOut(platform, caller(request), { userId: session?.user.id });
      forgetSession(request);
      setCookies(reply, outcome.setCookies);
      return reply.status(204).send(null);
    },
  );
}
