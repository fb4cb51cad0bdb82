import { meSchema } from '@pactum/core/api/account';
import { authProvidersSchema, ssoRedirect } from '@pactum/core/api/auth';
import {
  passkeyOptionsSchema,
  passkeySignInSchema,
  secondFactorCodeSchema,
  secondFactorStepSchema,
} from '@pactum/core/api/two-factor';
import { noContent } from '@pactum/core/api/wire';
import {
  changeEmailSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  ssoProviders,
  ssoSignUpSchema,
  verifyEmailSchema,
} from '@pactum/core/auth';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forgetSession, getSession, requireSession } from '../../http/session';
import { VERIFY_RETURN_PATH } from '../../platform/auth/auth';
import { getMe } from '../account';
import {
  finishWithCode,
  finishWithPasskey,
  passkeySignInOptions,
  type StepCaller,
} from '../two-factor';
import {
  type Caller,
  changeEmail,
  changePassword,
  completeSsoSignUp,
  requestPasswordReset,
  resetPassword,
  sendVerification,
  signIn,
  signOut,
  signUp,
  startSso,
  verifyEmail,
} from './service';

const caller = (request: FastifyRequest): Caller => ({
  headers: fromNodeHeaders(request.headers),
  ip: request.ip,
});

const stepCaller = (request: FastifyRequest): StepCaller => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
  cookieHeader: request.headers.cookie,
});

const setCookies = (reply: FastifyReply, cookies: string[]) => {
  if (cookies.length > 0) void reply.header('set-cookie', cookies);
};

const tags = ['auth'];

/** Sign-up, sign-in, sign-out, verification, password reset and change, single sign-on. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
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

  app.post(
    '/api/v1/auth/forgot-password',
    {
      schema: {
        tags,
        summary: 'Mail a password reset link (same answer whether or not the account exists)',
        body: forgotPasswordSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(platform, caller(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/auth/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with the code from the reset mail',
        body: resetPasswordSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await resetPassword(platform, caller(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/auth/verify-email',
    {
      schema: {
        tags,
        summary: 'Verify the e-mail address with the code from the mail',
        body: verifyEmailSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await verifyEmail(platform, caller(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/auth/send-verification',
    {
      schema: {
        tags,
        summary: 'Mail the verification link again',
        // Where the link leads back to once the address is verified: a page of the app.
        body: z
          .strictObject({ returnTo: z.string().regex(VERIFY_RETURN_PATH).optional() })
          .nullish(),
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      await sendVerification(platform, {
        userId: user.id,
        email: user.email,
        isVerified: user.emailVerified,
        ...(request.body?.returnTo ? { returnTo: request.body.returnTo } : {}),
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/auth/change-password',
    {
      schema: {
        tags,
        summary: 'Change the password; other sessions end',
        body: changePasswordSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const session = await requireSession(request);
      const outcome = await changePassword(platform, caller(request), {
        userId: session.user.id,
        email: session.user.email,
        sessionCreatedAt: session.createdAt,
        ...request.body,
      });
      setCookies(reply, outcome.setCookies);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/auth/change-email',
    {
      schema: {
        tags,
        summary: 'Change the e-mail address: a confirmation link goes to the new one',
        body: changeEmailSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(request);
      await changeEmail(platform, caller(request), {
        userId: user.id,
        email: user.email,
        newEmail: request.body.email,
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/auth/sso/:provider',
    {
      schema: {
        tags,
        summary: 'Start Google or Microsoft sign-in (redirects to the provider)',
        params: z.object({ provider: z.enum(ssoProviders) }),
        querystring: z.object({ redirect: z.string().max(500).optional() }),
        response: { 302: ssoRedirect },
      },
    },
    async (request, reply) => {
      const outcome = await startSso(platform, caller(request), {
        provider: request.params.provider,
        redirect: request.query.redirect,
      });
      setCookies(reply, outcome.setCookies);
      return reply.redirect(outcome.url, 302);
    },
  );

  app.post(
    '/api/v1/auth/sso-signup',
    {
      schema: {
        tags,
        summary: 'Complete the profile after the first single sign-on',
        body: ssoSignUpSchema,
        response: { 200: meSchema },
      },
    },
    async (request) => {
      const { user } = await requireSession(request);
      await completeSsoSignUp(platform, caller(request), { userId: user.id, ...request.body });
      return getMe(platform, { userId: user.id });
    },
  );

  // The provider sends the browser back here; the auth engine checks state, PKCE and the ID
  // token (issuer, audience, nonce, signature), then redirects on to /sso/complete or /login.
  app.route({
    method: 'GET',
    url: '/api/auth/callback/:providerId',
    // No response schema: the engine's answer (a redirect, or its own error) is passed on as is.
    schema: { hide: true, params: z.object({ providerId: z.string() }) },
    handler: async (request, reply) => {
      const url = new URL(request.url, platform.config.publicUrl);
      const response = await platform.auth.handler(
        new Request(url, { method: 'GET', headers: fromNodeHeaders(request.headers) }),
      );
      void reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') void reply.header(name, value);
      });
      setCookies(reply, response.headers.getSetCookie());
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
};
