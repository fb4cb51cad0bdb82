import { z } from 'zod';
import { dealStates, draftProcesses, partyRoles } from '../documents';
import {
  signatureColors,
  signatureFonts,
  signedPdfStates,
  signerStates,
  twoStepStates,
} from '../signing';

/*
 * Response schemas of the signing routes (`server/src/features/signing/routes.ts`): the signing
 * view, the two-step code answers, the signature defaults and Send & Sign PDF. The services
 * hand their dates already as ISO strings, hence `z.iso.datetime()`.
 */

/** A typed signature: its text, font and colour. */
export const signatureViewSchema = z.object({
  text: z.string(),
  font: z.enum(signatureFonts),
  color: z.enum(signatureColors),
});

/** The caller's remembered signature font and colour. */
export const signatureDefaultsViewSchema = z.object({
  font: z.enum(signatureFonts),
  color: z.enum(signatureColors),
});

/** One signer as the signing view lists them. */
export const signingSignerSchema = z.object({
  id: z.uuid(),
  party: z.enum(partyRoles),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  /** In full for the editors of the signer's own party; masked for everyone else. */
  phone: z.string().nullable(),
  state: z.enum(signerStates),
  signedAt: z.iso.datetime().nullable(),
  signature: signatureViewSchema.nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  /** Reminders mailed to this signer so far, the last one's time and when the next is due. */
  reminders: z.object({
    sent: z.number().int(),
    lastAt: z.iso.datetime().nullable(),
    nextAt: z.iso.datetime().nullable(),
  }),
  /** The caller (the sender's side) may 'Remind now'. */
  canRemind: z.boolean(),
  /** The caller (an editor of this signer's party) may replace this signer, who has not signed. */
  canReplace: z.boolean(),
  /** This signer's e-mail is the caller's. */
  isMe: z.boolean(),
  /** The caller may sign as this signer now (before any two-step check). */
  canSign: z.boolean(),
  /** The signer is the caller by e-mail, but the caller has not proven the address yet. */
  isEmailProofNeeded: z.boolean(),
  /** The signer verifies their phone with an SMS code before signing. */
  use2fa: z.boolean(),
  twoStep: z.enum(twoStepStates).nullable(),
});

/** A line of the audit trail in the signing view (its text: `auditEventText`). */
export const signingAuditEventSchema = z.object({
  id: z.uuid(),
  seq: z.number().int().nullable(),
  event: z.string(),
  party: z.enum(partyRoles).nullable(),
  by: z.string().nullable(),
  /** The section the event is about (section and comment events), when it has one. */
  section: z.object({ number: z.string(), title: z.string() }).nullable(),
  /** Whose signature a decline voided, and a decline's reason. */
  detail: z.object({ signer: z.string().optional(), reason: z.string().optional() }).nullable(),
  createdAt: z.iso.datetime(),
});

/** Who declined to sign, for which party, when and why (issue 40). */
export const dealDeclineSchema = z.object({
  by: z.string(),
  party: z.enum(partyRoles),
  reason: z.string(),
  at: z.iso.datetime(),
});

/**
 * `POST /deals/:dealId/decline-signing`: the decline as kept, and whether the caller can still
 * open the deal (a signer outside both parties cannot: their slot went with the signatures).
 */
export const declineResultSchema = z.object({
  declined: dealDeclineSchema,
  canOpenDeal: z.boolean(),
});

/** The sealed signed PDF's progress (null before the deal is signed). */
export const signedPdfStatusSchema = z.object({
  state: z.enum(signedPdfStates),
  sha256: z.string().nullable(),
  attempts: z.number().int(),
  /** Shown to the sender only. */
  lastError: z.string().nullable(),
  canRetry: z.boolean(),
});

/** `GET /deals/:dealId/signing` and every signing action: everything the signing view shows. */
export const signingViewSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  abstract: z.string(),
  contractUid: z.string(),
  parties: z.object({
    sender: z.object({ name: z.string() }),
    receiver: z.object({ name: z.string() }),
  }),
  state: z.enum(dealStates),
  process: z.enum(draftProcesses),
  signedAt: z.iso.datetime().nullable(),
  isTrashed: z.boolean(),
  use2faInSigning: z.boolean(),
  myParty: z.enum(partyRoles).nullable(),
  /** How the caller sees the deal: a party's access, or only as a named signer. */
  role: z.enum(['edit', 'view', 'signer']),
  isSender: z.boolean(),
  canStartSigning: z.boolean(),
  canCancelSigning: z.boolean(),
  /** The caller may decline to sign (a signer, or an editor of a party, while in signing). */
  canDecline: z.boolean(),
  /** The caller may withdraw the signing request (an editor of the sender's side, in signing). */
  canWithdraw: z.boolean(),
  /** The last decline since signing last started, shown until it starts again. */
  declined: dealDeclineSchema.nullable(),
  /** The deal's reminders to signers who have not signed (null: none). */
  reminders: z
    .object({
      firstAfterDays: z.number().int(),
      everyDays: z.number().int(),
      max: z.number().int(),
    })
    .nullable(),
  /** The caller may set up their party's signers now. */
  canSetupSigners: z.boolean(),
  signers: z.array(signingSignerSchema),
  /** The print-style contract, or (process pdf) `hasPdf` and no sections: the uploaded PDF. */
  document: z.object({
    sections: z.array(z.object({ number: z.string(), title: z.string(), html: z.string() })),
    contentSha256: z.string(),
    hasPdf: z.boolean(),
  }),
  events: z.array(signingAuditEventSchema),
  isAuditChainValid: z.boolean(),
  signedPdf: signedPdfStatusSchema.nullable(),
  defaults: signatureDefaultsViewSchema,
});

/** `POST .../signers/:signerId/code`: the SMS code went to the (masked) phone. */
export const codeSentSchema = z.object({
  state: z.enum(twoStepStates),
  phone: z.string(),
  message: z.string(),
});

/** `POST .../signers/:signerId/code/verify`: the code was right. */
export const codeVerifiedSchema = z.object({
  state: z.literal('completed'),
  message: z.string(),
});

/** `PATCH /signing/defaults`: the remembered font and colour, and the toast's text. */
export const signatureDefaultsResultSchema = z.object({
  defaults: signatureDefaultsViewSchema,
  message: z.string(),
});

/** One signer as the Send & Sign PDF form keeps it (nothing checked yet). */
const sendPdfDraftSignerSchema = z.object({
  party: z.enum(partyRoles),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string(),
});

/** The Send & Sign PDF form as the user left it: every field optional. */
export const sendPdfDraftViewSchema = z.object({
  uploadId: z.uuid().nullable().optional(),
  uploadName: z.string().optional(),
  title: z.string().optional(),
  sender: z.object({ name: z.string(), businessId: z.string() }).optional(),
  receiver: z.object({ name: z.string(), businessId: z.string() }).optional(),
  signers: z.array(sendPdfDraftSignerSchema).optional(),
  hasRepresentatives: z.boolean().optional(),
  representatives: z.string().optional(),
  message: z.string().optional(),
  workspaceId: z.string().optional(),
  use2fa: z.boolean().optional(),
});

/** `GET` and `PUT /send-pdf/draft`: the kept form. */
export const sendPdfDraftResultSchema = z.object({ draft: sendPdfDraftViewSchema });

/** `POST /send-pdf`: the deal made of the PDF, in signing, and the toast's text. */
export const sendPdfResultSchema = z.object({ dealId: z.uuid(), message: z.string() });
