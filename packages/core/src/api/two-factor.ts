import { z } from 'zod';

/* Two-step sign-in: the authenticator app (TOTP), passkeys, recovery codes, and the sessions list. */

/** The second factors a sign-in may continue with. */
export const secondFactorMethods = ['totp', 'passkey', 'recovery'] as const;
export type SecondFactorMethod = (typeof secondFactorMethods)[number];

/** A step waiting for its second half: a sign-in's second factor, or a passkey registration. */
export const authChallengePurposes = ['sign-in', 'passkey-register'] as const;

/**
 * POST /api/v1/auth/sign-in, when the password was right and the account has a second factor:
 * no session yet; the browser holds the step in an HttpOnly cookie for 10 minutes.
 */
export const secondFactorStepSchema = z.object({
  secondFactor: z.object({
    /** What this account can finish the sign-in with. */
    methods: z.array(z.enum(secondFactorMethods)),
  }),
});

/** A six-digit authenticator code, or a recovery code (`xxxxx-xxxxx`, dashes and case free). */
export const secondFactorCodeSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .min(6)
    .max(20)
    .regex(/^[0-9A-Za-z -]+$/),
});

/** The password, asked again before a factor is changed or a sensitive action is taken. */
export const passwordCheckSchema = z.strictObject({
  password: z.string().min(1).max(100),
  /** With a second factor: a fresh authenticator or recovery code (or none, after a passkey). */
  code: z.string().trim().max(20).optional(),
});

/** GET /api/v1/account/two-factor: the caller's factors. */
export const twoFactorStatusSchema = z.object({
  /** When the authenticator app was confirmed; null without one. */
  totpEnabledAt: z.iso.datetime().nullable(),
  passkeys: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      createdAt: z.iso.datetime(),
      lastUsedAt: z.iso.datetime().nullable(),
    }),
  ),
  /** Unused recovery codes left. */
  recoveryCodesLeft: z.number().int(),
  /** The caller's account signs in with a password (else the factors need no password check). */
  hasPassword: z.boolean(),
  /** A workspace of the caller requires a second factor. */
  isRequired: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/v1/account/two-factor/totp: the secret to add to the authenticator app. */
export const totpSetupSchema = z.object({
  /** Base32, for typing into the app. */
  secret: z.string(),
  /** `otpauth://totp/…` for a QR code. */
  uri: z.string(),
});

/** Recovery codes, shown once when made. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** POST /api/v1/account/passkeys/options: WebAuthn creation options (JSON form). */
export const passkeyOptionsSchema = z.object({ options: z.record(z.string(), z.unknown()) });

/** POST /api/v1/account/passkeys: the authenticator's answer and a name for the key. */
export const passkeyRegisterSchema = z.strictObject({
  name: z.string().trim().min(1).max(60),
  response: z.record(z.string(), z.unknown()),
});

/** POST /api/v1/auth/sign-in/passkey: the authenticator's answer to the sign-in challenge. */
export const passkeySignInSchema = z.strictObject({
  response: z.record(z.string(), z.unknown()),
});

/** GET /api/v1/account/sessions: where the account is signed in. */
export const accountSessionsSchema = z.object({
  sessions: z.array(
    z.object({
      id: z.uuid(),
      isCurrent: z.boolean(),
      /** Browser and system, read from the user agent ('Chrome on Windows'). */
      device: z.string(),
      /** City and country of the address, when the location service knows; else null. */
      place: z.string().nullable(),
      ipAddress: z.string().nullable(),
      createdAt: z.iso.datetime(),
      lastActiveAt: z.iso.datetime(),
      secondFactor: z.enum(secondFactorMethods).nullable(),
    }),
  ),
});
export type AccountSessions = z.infer<typeof accountSessionsSchema>;
