import { noContent } from '@pactum/core/api/wire';
import {
  changeEmailSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '@pactum/core/auth';
import { z } from 'zod';
import { requireSession } from '../../http/session';
import { VERIFY_RETURN_PATH } from '../../platform/auth/auth';
import { type AuthApp, caller, setCookies, tags } from './route-kit';
import {
  changeEmail,
  changePassword,
  requestPasswordReset,
  resetPassword,
  sendVerification,
  verifyEmail,
} from './service';

/** Password reset and change, e-mail verification and change of address. */
export function registerCredentialRoutes(app: AuthApp): void {
  const platform = app.platform;

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
}
