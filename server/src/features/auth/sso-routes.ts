import { meSchema } from '@pactum/core/api/account';
import { ssoRedirect } from '@pactum/core/api/auth';
import { ssoProviders, ssoSignUpSchema } from '@pactum/core/auth';
import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import { requireSession } from '../../http/session';
import { getMe } from '../account';
import { type AuthApp, caller, setCookies, tags } from './route-kit';
import { completeSsoSignUp, startSso } from './service';

/** Single sign-on: the start at Google or Microsoft, the first sign-on’s profile, the callback. */
export function registerSsoRoutes(app: AuthApp): void {
  const platform = app.platform;

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
}
