import { z } from 'zod';

/*
 * Answers of the auth routes. Sign-up, sign-in and SSO sign-up answer the user's own record
 * (`meSchema` of ./account); the others answer 204 or redirect.
 */

/** GET /api/v1/auth/providers: which single sign-on buttons to show. */
export const authProvidersSchema = z.object({ google: z.boolean(), microsoft: z.boolean() });

/** GET /api/v1/auth/sso/:provider: the browser goes on to the provider's sign-in page. */
export const ssoRedirect = z.null().describe('Redirect to the provider’s sign-in page');
