import {
  passkeyOptionsSchema,
  passkeyRegisterSchema,
  passwordCheckSchema,
  recoveryCodesSchema,
  secondFactorCodeSchema,
  totpSetupSchema,
  twoFactorStatusSchema,
} from '@pactum/core/api/two-factor';
import { noContent } from '@pactum/core/api/wire';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { type ResolvedSession, requireSession } from '../../http/session';
import {
  addPasskey,
  confirmTotp,
  disableTotp,
  getTwoFactorStatus,
  passkeyRegistrationOptions,
  reauthenticate,
  regenerateRecoveryCodes,
  removePasskey,
  startTotp,
} from './factors';

const tags = ['account'];

/** A person at a browser: the account's security is never changed with an API token. */
async function requirePerson(request: FastifyRequest): Promise<ResolvedSession> {
  const session = await requireSession(request);
  if (session.token) throw new AppError('forbidden');
  return session;
}

/** The account's second factors: authenticator app, passkeys, recovery codes; re-authentication. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;

  app.get(
    '/api/v1/account/two-factor',
    {
      schema: {
        tags,
        summary: 'The signed-in user’s second factors',
        response: { 200: twoFactorStatusSchema },
      },
    },
    async (request) => getTwoFactorStatus(platform, await requirePerson(request)),
  );

  app.post(
    '/api/v1/auth/reauthenticate',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm the password (and authenticator code) again, for 15 minutes',
        body: passwordCheckSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await reauthenticate(platform, await requirePerson(request), {
        password: request.body.password,
        code: request.body.code,
        ip: request.ip,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/account/two-factor/totp',
    {
      schema: {
        tags,
        summary: 'Start adding an authenticator app: its secret',
        response: { 200: totpSetupSchema },
      },
    },
    async (request) => startTotp(platform, await requirePerson(request)),
  );

  app.post(
    '/api/v1/account/two-factor/totp/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm the authenticator app with a code from it',
        body: secondFactorCodeSchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request) =>
      confirmTotp(platform, await requirePerson(request), {
        code: request.body.code,
        ip: request.ip,
      }),
  );

  app.delete(
    '/api/v1/account/two-factor/totp',
    {
      schema: { tags, summary: 'Remove the authenticator app', response: { 204: noContent } },
    },
    async (request, reply) => {
      await disableTotp(platform, await requirePerson(request), { ip: request.ip });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/account/two-factor/recovery-codes',
    {
      schema: {
        tags,
        summary: 'New recovery codes (the old ones stop working)',
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request) => regenerateRecoveryCodes(platform, await requirePerson(request)),
  );

  app.post(
    '/api/v1/account/passkeys/options',
    {
      schema: {
        tags,
        summary: 'WebAuthn options to create a passkey',
        response: { 200: passkeyOptionsSchema },
      },
    },
    async (request) => ({
      options: await passkeyRegistrationOptions(platform, await requirePerson(request)),
    }),
  );

  app.post(
    '/api/v1/account/passkeys',
    {
      schema: {
        tags,
        summary: 'Register a passkey with the authenticator’s answer',
        body: passkeyRegisterSchema,
        response: { 201: recoveryCodesSchema },
      },
    },
    async (request, reply) => {
      const result = await addPasskey(platform, await requirePerson(request), {
        ...request.body,
        ip: request.ip,
      });
      return reply.status(201).send(result);
    },
  );

  app.delete(
    '/api/v1/account/passkeys/:passkeyId',
    {
      schema: {
        tags,
        summary: 'Remove a passkey',
        params: z.object({ passkeyId: z.uuid() }),
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await removePasskey(platform, await requirePerson(request), {
        passkeyId: request.params.passkeyId,
        ip: request.ip,
      });
      return reply.status(204).send(null);
    },
  );
};
