import { z } from 'zod';
import { isTimezone } from './schedule';
import {
  emailField,
  languages,
  messageKey,
  optionalText,
  passwordField,
  phoneField,
  plainText,
  requiredText,
} from './validation';

/** Sign-in providers besides e-mail and password. */
export const ssoProviders = ['google', 'microsoft'] as const;
export type SsoProvider = (typeof ssoProviders)[number];
export const ssoProviderNames: Record<SsoProvider, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
};

/** What a user's sign-in and account security events (the audit trail) record. */
export const authEventTypes = [
  'signup',
  'login',
  'logout',
  'password-change',
  'password-reset',
  'email-verified',
  'totp-enabled',
  'totp-disabled',
  'passkey-added',
  'passkey-removed',
  'recovery-codes-made',
  'recovery-code-used',
  'second-factor-reset',
  'reauthenticated',
  'sessions-ended',
] as const;
export type AuthEventType = (typeof authEventTypes)[number];

/**
 * Texts of sign-in and sign-up that are not API errors (spec 1 §8), en and fi. The API's own
 * error texts are in `errorMessages` of ./errors.
 */
export const authMessages = {
  en: {
    signupFailed: 'Sign up failed for unknown reason. Please try again.',
    accountCreationFailed: 'Account creation failed. Please login again',
    invalidToken: 'Invalid token',
    ssoFailed: 'SSO sign in failed.',
    unknownMode: 'Unknown error: Pactum sends no such link. Open the link in the e-mail again.',
  },
  fi: {
    signupFailed: 'Rekisteröityminen epäonnistui tuntemattomasta syystä. Yritä uudelleen.',
    accountCreationFailed: 'Tilin luonti epäonnistui. Kirjaudu uudelleen',
    invalidToken: 'Virheellinen tunniste',
    ssoFailed: 'Kertakirjautuminen epäonnistui.',
    unknownMode:
      'Tuntematon virhe: Pactum ei lähetä tällaista linkkiä. Avaa sähköpostin linkki uudelleen.',
  },
} as const;

/** POST /api/v1/auth/sign-up */
export const signUpSchema = z.strictObject({
  firstname: requiredText(),
  lastname: requiredText(),
  email: emailField(),
  /** '+358' by default in the form; stored only when longer than 5 characters. */
  phone: phoneField().default(''),
  password: passwordField(),
  acceptTerms: z.literal(true, { message: messageKey('terms') }),
  lang: z.enum(languages).default('en'),
  /** The invite (or signer link) that brought the user here, to return to after signup. */
  inviteId: z.string().max(100).optional(),
});
export type SignUp = z.input<typeof signUpSchema>;

/** POST /api/v1/auth/sign-in */
export const signInSchema = z.strictObject({
  email: emailField(),
  password: z
    .string({ message: messageKey('required') })
    .min(1, messageKey('required'))
    .max(100),
});
export type SignIn = z.input<typeof signInSchema>;

/** POST /api/v1/auth/forgot-password: always 204, whether or not the account exists. */
export const forgotPasswordSchema = z.strictObject({ email: emailField() });

/** POST /api/v1/auth/reset-password: the code from the e-mailed link and the new password. */
export const resetPasswordSchema = z.strictObject({
  code: z.string().min(1, messageKey('required')).max(2000),
  password: passwordField(),
});

/** POST /api/v1/auth/verify-email: the code from the e-mailed link. */
export const verifyEmailSchema = z.strictObject({
  code: z.string().min(1, messageKey('required')).max(2000),
});

/** POST /api/v1/auth/change-password: other sessions end; this one is renewed. */
export const changePasswordSchema = z.strictObject({
  currentPassword: passwordField(),
  newPassword: passwordField(),
});

/**
 * POST /api/v1/auth/change-email: mails a confirmation link to the new address; the e-mail
 * changes when it is opened.
 */
export const changeEmailSchema = z.strictObject({ email: emailField('emailAccount') });

/** POST /api/v1/auth/sso-signup: completes the profile after a first Google/Microsoft sign-in. */
export const ssoSignUpSchema = z.strictObject({
  firstname: requiredText(),
  lastname: requiredText(),
  phone: phoneField().default(''),
  acceptTerms: z.literal(true, { message: messageKey('terms') }),
  lang: z.enum(languages).default('en'),
});

/** How often a user gets the e-mail digest of notifications, or not at all. */
export const emailNotificationOptions = ['daily2x', 'daily', 'weekly', 'off'] as const;
export type EmailNotification = (typeof emailNotificationOptions)[number];

export const addressSchema = z.strictObject({
  street1: optionalText(),
  street2: optionalText(),
  zip: optionalText(),
  city: optionalText(),
  state: optionalText(),
  country: optionalText(),
});
export const companySchema = z.strictObject({
  name: optionalText(),
  vat: optionalText(),
  department: optionalText(),
  costcenter: optionalText(),
  www: optionalText(),
});
export type Address = z.infer<typeof addressSchema>;
export type Company = z.infer<typeof companySchema>;

/** PATCH /api/v1/me: any subset of the user's own settings. */
export const updateAccountSchema = z
  .strictObject({
    firstname: requiredText(),
    lastname: requiredText(),
    phone: phoneField(),
    lang: z.enum(languages, { message: messageKey('choice') }),
    emailNotifications: z.enum(emailNotificationOptions, { message: messageKey('choice') }),
    timezone: plainText().trim().min(1).max(64).refine(isTimezone, messageKey('choice')),
    company: companySchema,
    address: addressSchema,
    autofillShown: z.boolean(),
    notificationsDialogShown: z.boolean(),
  })
  .partial();
export type UpdateAccount = z.input<typeof updateAccountSchema>;

/** Dashboard counters shown in the drawer (spec 1 §3 home.deals and the other lists). */
export type HomeCounts = {
  templates: number;
  drafts: number;
  negotiate: number;
  /** In signing, with the user's own signature still missing. */
  sign: number;
  /** In signing, waiting for the other signatures. */
  waiting: number;
  signed: number;
  trash: number;
  workspaces: number;
};
