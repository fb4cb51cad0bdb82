import { z } from 'zod';
import { currencies, workspaceRoles } from '../billing';
import { draftProcesses } from '../documents';
import { paymentStateSchema } from './payments';
import { isoDateTime } from './wire';

/*
 * Answers of the workspace routes (billing accounts): the lists, one workspace's page, orders,
 * the ledger, groups, tags, stats and the admin area's review list.
 */

/** How a workspace pays: by card (verified at once) or by invoice (reviewed). */
export const workspaceTypes = ['card', 'invoice'] as const;

/** What a ledger row is for. */
export const creditProducts = ['credits', 'licenses', 'send', 'adjustment'] as const;
export type CreditProduct = (typeof creditProducts)[number];

/** Billing access of a member: `edit` is an administrator, `view` a user. */
const workspaceRole = z.enum(workspaceRoles);

/** The company details of a workspace order; old rows may lack fields. */
const workspaceCompanySchema = z
  .object({
    name: z.string(),
    vat: z.string(),
    department: z.string(),
    costcenter: z.string(),
    www: z.string(),
  })
  .partial();

/** The billing address of a workspace order; old rows may lack fields. */
const workspaceAddressSchema = z
  .object({
    street1: z.string(),
    street2: z.string(),
    zip: z.string(),
    city: z.string(),
    state: z.string(),
    country: z.string(),
  })
  .partial();

/** One row of GET /api/v1/workspaces: a workspace the user belongs to, with their role. */
export const workspaceSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  type: z.enum(workspaceTypes),
  credits: z.number().int(),
  currency: z.enum(currencies),
  isVerified: z.boolean(),
  isRejected: z.boolean(),
  isDemo: z.boolean(),
  role: workspaceRole,
  createdAt: isoDateTime,
});

/** GET /api/v1/workspaces: the user's workspaces, most credits first. */
export const workspaceListSchema = z.array(workspaceSummarySchema);

/** A member of a workspace. */
export const workspaceMemberSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: workspaceRole,
  /** The member signs in with a second factor (an authenticator app or a passkey). */
  hasTwoFactor: z.boolean(),
});

/** An open invitation to join a workspace. */
export const workspaceInviteSchema = z.object({
  email: z.string(),
  role: workspaceRole,
  createdAt: isoDateTime,
});

/** A group of workspace members. */
export const workspaceGroupSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  memberIds: z.array(z.uuid()),
});

/** A tag of a workspace. */
export const workspaceTagSchema = z.object({
  id: z.uuid(),
  tag: z.string(),
  createdAt: isoDateTime,
});

/** How many documents of each kind carry one tag (spec 3 §3, workspace stats' tags map). */
export const tagCountsSchema = z.object({
  templates: z.number().int(),
  drafts: z.number().int(),
  negotiation: z.number().int(),
  inSigning: z.number().int(),
  signed: z.number().int(),
  archive: z.number().int(),
  trash: z.number().int(),
});

/** The figures of the workspace page (spec 3 §3, workspace stats). */
export const workspaceStatsSchema = z.object({
  deals: z.object({
    negotiation: z.number().int(),
    inSigning: z.number().int(),
    signed: z.number().int(),
    archives: z.number().int(),
  }),
  members: z.number().int(),
  groups: z.number().int(),
  tags: z.number().int(),
  credits: z.object({ purchased: z.number().int(), spent: z.number().int() }),
  /**
   * Per tag name, how many live documents of each kind carry it; absent from counts stored
   * before it was added (counted again within a day).
   */
  tagCounts: z.record(z.string(), tagCountsSchema).optional(),
});

/** GET /api/v1/workspaces/:workspaceId: one workspace as its page shows it. */
export const workspaceSchema = workspaceSummarySchema.extend({
  billingEmail: z.string().nullable(),
  company: workspaceCompanySchema,
  address: workspaceAddressSchema,
  /** The card on file as the processor summarises it (never the number). */
  card: z
    .object({
      brand: z.string(),
      last4: z.string(),
      expMonth: z.number().int(),
      expYear: z.number().int(),
    })
    .nullable(),
  licensing: z.object({
    maxActiveSeats: z.number().int(),
    /** Members and open invites. */
    usedSeats: z.number().int(),
    /** Administrators only. */
    pricePerSeat: z.number().optional(),
  }),
  members: z.array(workspaceMemberSchema),
  /** Open invites; administrators only (others get an empty list). */
  invites: z.array(workspaceInviteSchema),
  groups: z.array(workspaceGroupSchema),
  tags: z.array(workspaceTagSchema),
  stats: workspaceStatsSchema.nullable(),
  statsCalculatedAt: isoDateTime.nullable(),
  /** Members must sign in with a second factor (set by the administrators). */
  requireTwoFactor: z.boolean(),
});

/** PUT /api/v1/workspaces/:workspaceId/security: the workspace's sign-in rule. */
export const workspaceSecuritySchema = z.strictObject({ requireTwoFactor: z.boolean() });

/** POST /api/v1/workspaces (201): the new workspace and, for a card order, its first payment. */
export const createdWorkspaceSchema = z.object({
  workspaceId: z.uuid(),
  payment: paymentStateSchema.nullable(),
});

/** One ledger row: a purchase, a spend or an adjustment. */
export const transactionSchema = z.object({
  id: z.uuid(),
  createdAt: isoDateTime,
  userName: z.string().nullable(),
  product: z.enum(creditProducts),
  purchase: z.number().int(),
  spend: z.number().int(),
  /** Signed change of the balance: purchase − spend. */
  amountChange: z.number().int(),
  balanceAfter: z.number().int(),
  currency: z.enum(currencies).nullable(),
  /** Minor units. */
  purchaseTotal: z.number().int().nullable(),
  /** Minor units. */
  taxAmount: z.number().int().nullable(),
  documentTitle: z.string().nullable(),
  documentProcess: z.enum(draftProcesses).nullable(),
  receiverName: z.string().nullable(),
});

/** GET /api/v1/workspaces/:workspaceId/transactions: one page of the ledger, newest first. */
export const transactionPageSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  items: z.array(transactionSchema),
});

/** POST /api/v1/workspaces/:workspaceId/groups (201): the new group. */
export const createdGroupSchema = z.object({ id: z.uuid() });

/** POST /api/v1/workspaces/:workspaceId/tags (201): the new tag. */
export const createdTagSchema = z.object({ id: z.uuid(), tag: z.string() });

/** POST /api/v1/workspaces/:workspaceId/stats: the figures, recounted or (`isSkipped`) as stored. */
export const statsResultSchema = z.object({
  isSkipped: z.boolean(),
  stats: workspaceStatsSchema.nullable(),
});

/** One row of GET /api/v1/admin/workspaces, the admin area's billing list. */
export const adminWorkspaceSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  type: z.enum(workspaceTypes),
  credits: z.number().int(),
  isVerified: z.boolean(),
  isRejected: z.boolean(),
  company: workspaceCompanySchema,
  /** What an invoice order asked for; granted when the workspace is verified. */
  asyncPayment: z
    .object({
      credits: z.number().int(),
      currency: z.enum(currencies),
      /** Minor units per credit. */
      unitPrice: z.number().int(),
      taxPrc: z.number().int(),
      /** Minor units. */
      taxAmount: z.number().int(),
      /** Minor units. */
      purchaseTotal: z.number().int(),
    })
    .nullable(),
  createdAt: isoDateTime,
});

/** GET /api/v1/admin/workspaces: every workspace, those waiting for review first. */
export const adminWorkspaceListSchema = z.array(adminWorkspaceSchema);
