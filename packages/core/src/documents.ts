import { z } from 'zod';
import { messageKey, optionalText } from './validation';

/**
 * What templates, drafts and deals share: the document collections, access roles, parties and
 * sections (spec 2 §3). Feature-specific contracts live in their own files (templates.ts,
 * drafts.ts, deals.ts) and build on these.
 */

/** The kinds of document an access entry, event, tag, comment or attachment belongs to. */
export const documentCollections = ['templates', 'drafts', 'deals'] as const;
export type DocumentCollection = (typeof documentCollections)[number];

/** Document access roles: `edit` may change the document and share it; `view` only reads. */
export const accessRoles = ['edit', 'view'] as const;
export type AccessRole = (typeof accessRoles)[number];

/** The side of a contract a user or an event belongs to. */
export const partyRoles = ['sender', 'receiver'] as const;
export type PartyRole = (typeof partyRoles)[number];

/** The parties of an access entry also include signers (spec 2 §3, document access). */
export const accessParties = ['sender', 'receiver', 'signer'] as const;
export type AccessParty = (typeof accessParties)[number];

export const partyTypes = ['business', 'person'] as const;
export type PartyType = (typeof partyTypes)[number];

/**
 * One party of a contract (spec 2 §3, party). A business has a name and optionally a business
 * id (`vat`) and address; a person has a name and an e-mail and optionally `social` (social
 * security or passport number).
 */
export type Party = {
  type: PartyType;
  name: string;
  vat?: string;
  address?: string;
  social?: string;
  email?: string;
};

export type Parties = { sender: Party; receiver: Party };

/** An empty business party: the default of a new draft or template. */
export const emptyParty = (): Party => ({ type: 'business', name: '' });

/** Section kinds: the parties block, the signers block and ordinary text. */
export const sectionTypes = ['parties', 'signers', 'normal'] as const;
export type SectionType = (typeof sectionTypes)[number];

/** One content option of a section: the text a party can choose or propose. */
/** A version of a section's text; in a deal, `title` is the title proposed with it. */
export type ContentOption = { id: string; html: string; help?: string; title?: string };

/** Draft display states (spec 2 §4.4). */
export const draftProcesses = ['sign', 'negotiate', 'pdf'] as const;
export type DealProcess = (typeof draftProcesses)[number];

export const dealStates = ['new', 'negotiate', 'in-signing', 'signed', 'trash'] as const;
export type DealState = (typeof dealStates)[number];

export const documentVisibilities = ['private', 'team', 'guest'] as const;
export type DocumentVisibility = (typeof documentVisibilities)[number];

const emailRule = z.email();

/**
 * Zod schema of a party as forms and routes take it (spec 2 §5). Parties are saved while they
 * are typed, so a name or a person's e-mail may still be empty here (completeness is
 * `isPartyValid`, checked before sending); what is given must be well formed: names by the
 * short-text rule, the e-mail by the e-mail rule.
 */
export const partySchema = z.strictObject({
  type: z.enum(partyTypes),
  name: optionalText(),
  vat: optionalText().optional(),
  address: optionalText(1000).optional(),
  social: optionalText().optional(),
  email: z
    .string()
    .trim()
    .max(250, messageKey('maxLength', { n: 250 }))
    .refine((value) => value === '' || emailRule.safeParse(value).success, messageKey('email'))
    .optional(),
});
