import { z } from 'zod';
import { emailNotificationOptions, ssoProviders } from '../auth';
import { languages } from '../validation';

/* Answers of the account routes: the signed-in user's own record (also the answer of sign-up, sign-in and SSO sign-up). */

/** The drawer's counters of the user (spec 1 §3 home.deals and the other lists). */
export const homeCountsSchema = z.object({
  templates: z.number().int(),
  drafts: z.number().int(),
  negotiate: z.number().int(),
  /** In signing, with the user's own signature still missing. */
  sign: z.number().int(),
  /** In signing, waiting for the other signatures. */
  waiting: z.number().int(),
  signed: z.number().int(),
  trash: z.number().int(),
  workspaces: z.number().int(),
});

/** The company details kept on a user for autofill; every field present, empty when unset. */
export const meCompanySchema = z.object({
  name: z.string(),
  vat: z.string(),
  department: z.string(),
  costcenter: z.string(),
  www: z.string(),
});

/** The postal address kept on a user for autofill; every field present, empty when unset. */
export const meAddressSchema = z.object({
  street1: z.string(),
  street2: z.string(),
  zip: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
});

/** GET, PATCH /api/v1/me and POST /api/v1/me/rebuild-counters: the signed-in user as the app needs it. */
export const meSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  emailVerified: z.boolean(),
  firstname: z.string(),
  lastname: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  lang: z.enum(languages),
  isAdmin: z.boolean(),
  /** The user has a second factor (an authenticator app or a passkey). */
  hasTwoFactor: z.boolean(),
  /** A workspace of the user requires a second factor the user has not set up: until then only
   * the account's security settings answer. */
  isTwoFactorRequired: z.boolean(),
  /** Signed in with Google or Microsoft (the e-mail field is then not editable). */
  ssoProvider: z.enum(ssoProviders).nullable(),
  /** On a protected single-sign-on domain: no password change. */
  isProtectedDomain: z.boolean(),
  /** False until signup (or SSO signup) has been completed. */
  isProfileComplete: z.boolean(),
  /** True on the first sign-in after signup, for the welcome toast. */
  isFirstLogin: z.boolean(),
  emailNotifications: z.enum(emailNotificationOptions),
  timezone: z.string().nullable(),
  company: meCompanySchema,
  address: meAddressSchema,
  autofillShown: z.boolean(),
  notificationsDialogShown: z.boolean(),
  counts: homeCountsSchema,
});
