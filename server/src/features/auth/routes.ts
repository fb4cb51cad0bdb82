import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCredentialRoutes } from './credential-routes';
import { registerSignInRoutes } from './sign-in-routes';
import { registerSsoRoutes } from './sso-routes';

/** Sign-up, sign-in, sign-out, verification, password reset and change, single sign-on. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  registerSignInRoutes(app);
  registerCredentialRoutes(app);
  registerSsoRoutes(app);
};
