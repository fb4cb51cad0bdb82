import { z } from 'zod';
import { plainText } from './validation';

/*
 * The admin area's rules (issue 17): what Pactum's own staff may do for a customer, and the
 * names its event log uses. The routes are in `api/admin.ts`.
 */

/** Rows per page of the admin lists; the first is the default. */
export const ADMIN_PAGE_SIZES = [25, 50, 100] as const;
export const ADMIN_DEFAULT_PAGE_SIZE = 25;

/** A reason for an admin action: required, for the event log and the customer's record. */
export const ADMIN_REASON_MIN = 3;
export const ADMIN_REASON_MAX = 500;

/** The largest credit adjustment an admin can make at once, either way. */
export const ADMIN_MAX_ADJUSTMENT = 100_000;

/** The reason every admin action carries: trimmed, 3–500 characters of storable text. */
export const adminReasonSchema = plainText()
  .trim()
  .min(ADMIN_REASON_MIN, `At least ${ADMIN_REASON_MIN} characters required`)
  .max(ADMIN_REASON_MAX, `Too much text. ${ADMIN_REASON_MAX} characters max.`);

/**
 * What an admin did, as the event log names it. The target of `user.*` is a user, of
 * `deal.*` a deal, of `workspace.*` a workspace.
 */
export const adminActions = [
  'user.sessions-ended',
  'user.verification-resent',
  'user.admin-granted',
  'user.admin-revoked',
  'user.disabled',
  'user.enabled',
  'user.second-factor-reset',
  'deal.restored',
  'workspace.verified',
  'workspace.rejected',
  'workspace.credits-adjusted',
] as const;
export type AdminAction = (typeof adminActions)[number];

/** What an admin action was done to. */
export const adminTargetKinds = ['user', 'deal', 'workspace'] as const;
export type AdminTargetKind = (typeof adminTargetKinds)[number];

/** The event log's three sources: sign-in and account events, document events, admin actions. */
export const adminEventKinds = ['auth', 'document', 'admin'] as const;
export type AdminEventKind = (typeof adminEventKinds)[number];

/** How a user signs in: a password, or a single sign-on provider. */
export const signInProviders = ['password', 'google', 'microsoft'] as const;
export type SignInProvider = (typeof signInProviders)[number];

/** The admin document list's kinds and states ('draft' is a draft's state). */
export const adminDocumentKinds = ['deal', 'draft'] as const;
export type AdminDocumentKind = (typeof adminDocumentKinds)[number];

/** Outcome of an audit chain check: queued (the job has not run yet), valid or broken. */
export const chainCheckStatuses = ['queued', 'valid', 'broken'] as const;
export type ChainCheckStatus = (typeof chainCheckStatuses)[number];

/** A credit adjustment: a whole number of credits, not zero, at most 100 000 either way. */
export const creditAdjustmentSchema = z
  .number()
  .int()
  .min(-ADMIN_MAX_ADJUSTMENT)
  .max(ADMIN_MAX_ADJUSTMENT)
  .refine((value) => value !== 0, 'An adjustment changes the balance');
