import { z } from 'zod';
import {
  type ContentOption,
  type DealProcess,
  type DealState,
  type DocumentVisibility,
  documentVisibilities,
  type Parties,
  type Party,
  type PartyRole,
  partySchema,
} from './documents';
import { htmlToText } from './html-text';
import type { Section } from './templates';
import { type Lang, plainText } from './validation';

/**
 * The drafts and sending contract (spec 2 §2.2, §2.3, §3, §4.4, §4.5, §4.7, §5): request and
 * response schemas shared by the server's routes and the web's forms, and the pure rules of
 * the send page, receivers, invites and internal comments.
 */

// ---------------------------------------------------------------------------------------------
// Messages (the spec's wording, en and fi)
// ---------------------------------------------------------------------------------------------

export const draftMessages = {
  en: {
    titleRequired: 'Title is required',
    creating: 'Creating draft...',
    created: 'New draft "%s" created',
    deleted: 'Draft %s deleted',
    deleteConfirm: 'Are you really absolutely sure you want to permanently delete this draft?',
    notSet: 'not set',
    receiverValid: 'Receiver valid!',
    dataRequired: 'Data required',
    removeReceiver: 'Remove receiver?',
    removeNamedReceiver: 'Remove "%s" receiver?',
    insufficientCredits: '- insufficient credits for this billing account,',
    waitingForReview: '(waiting for review)',
    inviteAtLeastOne: 'Please type at least one email address',
    inviteInvalid: 'Invalid email address: %s',
    inviteAlreadyInvited: 'Already invited exist in the new receivers addresses.',
    inviteDouble: '%s is already invited. Please remove double invite.',
    inviteSomethingWrong: 'Something is wrong in invite email addresses',
    invalidQueueResponse: 'Invalid response from queDraftForSending function',
    queueError: 'Draft sending encountered an error.',
    queueErrorDetail: 'Error: %s',
    tooLong: 'Is this taking too long? The document may still appear among the sent documents.',
    sending: 'Creating document and sending invite...',
    sendingPlural: 'Creating documents and sending invites...',
    sentToast: 'Great! The "%s" document was sent to %s',
    threadNotFound: 'Thread not found',
    commentRequired: 'Please write a comment.',
    commentsClosed: 'Internal comments are not allowed for deals in signing or signed.',
    inviteLinkCopied: 'Receiver invite link copied to clipboard!',
    noSent: 'You have no sent contracts. Create your first contract draft from a template',
    alreadySent: 'This draft has already been sent.',
    senderDetailsRequired: 'Please complete all required fields.',
    receiversRequired: 'Please add at least one valid receiver.',
    workspaceNotVerified: 'This billing account is waiting for review.',
    onlyCreatorDeletes: 'Only the creator of a draft can delete it.',
    resendNotAllowed: 'This invite cannot be sent again.',
    removeNotAllowed: 'Only invites that have not been sent can be removed.',
    dealClosed: 'The deal is closed.',
    receiverJoined:
      'The receiver has joined this contract. They add people to their side themselves.',
    receiverDetailsEditOnly:
      'Only a member of the receiving party with edit access can change its details.',
    sendFailed: 'The documents could not be created.',
  },
  fi: {
    titleRequired: 'Otsikko on pakollinen',
    creating: 'Luodaan luonnosta...',
    created: 'Uusi luonnos "%s" luotu',
    deleted: 'Luonnos %s poistettu',
    deleteConfirm: 'Haluatko varmasti poistaa tämän luonnoksen pysyvästi?',
    notSet: 'ei asetettu',
    receiverValid: 'Vastaanottaja kunnossa!',
    dataRequired: 'Tietoja puuttuu',
    removeReceiver: 'Poistetaanko vastaanottaja?',
    removeNamedReceiver: 'Poistetaanko vastaanottaja "%s"?',
    insufficientCredits: '- laskutustilillä ei ole tarpeeksi krediittejä,',
    waitingForReview: '(odottaa tarkistusta)',
    inviteAtLeastOne: 'Kirjoita vähintään yksi sähköpostiosoite',
    inviteInvalid: 'Virheellinen sähköpostiosoite: %s',
    inviteAlreadyInvited: 'Uusissa vastaanottajaosoitteissa on jo kutsuttuja.',
    inviteDouble: '%s on jo kutsuttu. Poista kaksoiskutsu.',
    inviteSomethingWrong: 'Kutsujen sähköpostiosoitteissa on jotain vikaa',
    invalidQueueResponse: 'Virheellinen vastaus queDraftForSending-funktiolta',
    queueError: 'Luonnoksen lähetyksessä tapahtui virhe.',
    queueErrorDetail: 'Virhe: %s',
    tooLong: 'Kestääkö tämä liian kauan? Asiakirja voi vielä ilmestyä lähetettyjen joukkoon.',
    sending: 'Luodaan asiakirjaa ja lähetetään kutsua...',
    sendingPlural: 'Luodaan asiakirjoja ja lähetetään kutsuja...',
    sentToast: 'Hienoa! Asiakirja "%s" lähetettiin vastaanottajalle %s',
    threadNotFound: 'Keskustelua ei löytynyt',
    commentRequired: 'Kirjoita kommentti.',
    commentsClosed:
      'Sisäiset kommentit eivät ole sallittuja allekirjoitettavissa tai allekirjoitetuissa sopimuksissa.',
    inviteLinkCopied: 'Vastaanottajan kutsulinkki kopioitu leikepöydälle!',
    noSent:
      'Sinulla ei ole lähetettyjä sopimuksia. Luo ensimmäinen sopimusluonnoksesi mallipohjasta',
    alreadySent: 'Tämä luonnos on jo lähetetty.',
    senderDetailsRequired: 'Täytä kaikki pakolliset kentät.',
    receiversRequired: 'Lisää vähintään yksi kelvollinen vastaanottaja.',
    workspaceNotVerified: 'Tämä laskutustili odottaa tarkistusta.',
    onlyCreatorDeletes: 'Vain luonnoksen luoja voi poistaa sen.',
    resendNotAllowed: 'Tätä kutsua ei voi lähettää uudelleen.',
    removeNotAllowed: 'Vain lähettämättömät kutsut voi poistaa.',
    dealClosed: 'Sopimus on suljettu.',
    receiverJoined:
      'Vastaanottaja on jo liittynyt sopimukseen. Vastaanottaja lisää oman puolensa henkilöt itse.',
    receiverDetailsEditOnly:
      'Vain vastaanottajaosapuolen jäsen muokkausoikeuksin voi muuttaa sen tietoja.',
    sendFailed: 'Asiakirjoja ei voitu luoda.',
  },
} as const;

export type DraftMessageKey = keyof (typeof draftMessages)['en'];

/** A message with its `%s` placeholders filled in order. */
export function formatMessage(template: string, ...values: (string | number)[]): string {
  let index = 0;
  return template.replace(/%s/g, () => String(values[index++] ?? ''));
}

// ---------------------------------------------------------------------------------------------
// E-mail tags and parties
// ---------------------------------------------------------------------------------------------

const emailPattern = z.email();

/** Whether a string is a valid e-mail address (the same rule the server applies). */
export function isEmail(value: string): boolean {
  return value.length <= 250 && emailPattern.safeParse(value).success;
}

/** Characters that commit an e-mail tag in the input (spec 2 §5): space, comma, semicolon. */
export const EMAIL_TAG_SEPARATORS = [' ', ',', ';'] as const;

/**
 * One e-mail tag as stored: spaces, commas and semicolons trimmed from both ends, lower-cased;
 * null when what is left is not a valid address.
 */
export function normaliseEmailTag(tag: string): string | null {
  const value = tag.replace(/^[\s,;]+|[\s,;]+$/g, '').toLowerCase();
  return isEmail(value) ? value : null;
}

/** A list of e-mail tags as stored: normalised, invalid ones dropped, duplicates removed. */
export function normaliseEmailTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const tag of tags) {
    const email = normaliseEmailTag(tag);
    if (email) seen.add(email);
  }
  return [...seen];
}

/** Splits typed text into tags at the commit characters (pasting "a@x.fi, b@y.fi"). */
export function splitEmailTags(text: string): string[] {
  return text.split(/[\s,;]+/).filter((part) => part.length > 0);
}

/** Party validity (spec 2 §5): a business needs a name; a person a name and a valid e-mail. */
export function isPartyValid(party: Party | null | undefined): boolean {
  if (!party) return false;
  const hasName = party.name.trim().length > 0;
  if (party.type === 'business') return hasName;
  return hasName && isEmail((party.email ?? '').trim().toLowerCase());
}

/** A receiver on the send page: its party and the e-mail addresses that get invites. */
export type ReceiverDraft = { party: Party; emails: readonly string[] };

/** Receiver validity (spec 2 §5): a name longer than 1 character and at least one e-mail. */
export function isReceiverValid(receiver: ReceiverDraft): boolean {
  return receiver.party.name.trim().length > 1 && normaliseEmailTags(receiver.emails).length > 0;
}

/** At least one receiver, and every one valid. */
export function areReceiversValid(receivers: readonly ReceiverDraft[]): boolean {
  return receivers.length > 0 && receivers.every(isReceiverValid);
}

// ---------------------------------------------------------------------------------------------
// Credits and the send page
// ---------------------------------------------------------------------------------------------

/** Credits one receiver costs: the template's price, null meaning 1 (spec 2 §9). */
export function unitPrice(price: number | null | undefined): number {
  return price ?? 1;
}

/** Total price of a send: price × number of receivers. */
export function totalPrice(price: number | null | undefined, receiverCount: number): number {
  return unitPrice(price) * receiverCount;
}

/**
 * Credits sufficient (spec 2 §5): the total price is not above the billing account's credits;
 * waived for the demo billing account (and, in the browser, in a development build).
 */
export function isCreditSufficient(options: {
  price: number | null | undefined;
  receiverCount: number;
  credits: number;
  isDemo: boolean;
  isDevelopment?: boolean;
}): boolean {
  if (options.isDemo || options.isDevelopment) return true;
  return totalPrice(options.price, options.receiverCount) <= options.credits;
}

/** Send enabled (spec 2 §5). */
export function isSendEnabled(options: {
  isSaving: boolean;
  isConfirmed: boolean;
  receivers: readonly ReceiverDraft[];
  isCreditSufficient: boolean;
  /** Review mode: every section must have been reviewed. */
  isReviewMode?: boolean;
  isAllReviewed?: boolean;
}): boolean {
  return (
    !options.isSaving &&
    options.isConfirmed &&
    options.receivers.length > 0 &&
    options.isCreditSufficient &&
    areReceiversValid(options.receivers) &&
    (!options.isReviewMode || options.isAllReviewed === true)
  );
}

/** The five steps of the send page. */
export const sendSteps = ['my-details', 'process', 'receivers', 'billing', 'send'] as const;
export type SendStep = (typeof sendSteps)[number];

/**
 * How many steps of the send page are open (spec 2 §4.4), 1 to 5: step 2 when the sender name
 * is set, step 3 with a valid process, step 4 (billing) with valid receivers, step 5 once a
 * billing account is chosen. Steps unlock in order: a later one never opens before an earlier.
 */
export function unlockedStepCount(options: {
  senderName: string | null | undefined;
  isProcessValid: boolean;
  receivers: readonly ReceiverDraft[];
  workspaceId: string | null | undefined;
}): number {
  if (!(options.senderName ?? '').trim()) return 1;
  if (!options.isProcessValid) return 2;
  if (!areReceiversValid(options.receivers)) return 3;
  if (!options.workspaceId) return 4;
  return 5;
}

/** Texts marked as required-highlight (`data-required`) that are not empty (spec 2 §5). */
export function requiredHighlights(html: string): string[] {
  const found: string[] = [];
  const pattern = /<(mark|span)\b[^>]*\bdata-required\b[^>]*>([\s\S]*?)<\/\1>/gi;
  for (const match of html.matchAll(pattern)) {
    const text = htmlToText(match[2] ?? '');
    if (text) found.push(text);
  }
  return found;
}

/**
 * The signing process is valid when no section's chosen content has non-empty required
 * highlight text; the negotiate process only warns about it. Returns the offending sections.
 */
export function sectionsBlockingSign(
  sections: readonly {
    id: string;
    title: string;
    content: readonly ContentOption[];
    defaultContentId: string | null;
  }[],
): { id: string; title: string }[] {
  return sections
    .filter((section) => {
      const chosen =
        section.content.find((option) => option.id === section.defaultContentId) ??
        section.content[0];
      return chosen ? requiredHighlights(chosen.html).length > 0 : false;
    })
    .map((section) => ({ id: section.id, title: section.title }));
}

/** Whether the chosen process can be used for these sections. */
export function isProcessValid(
  process: DealProcess | null | undefined,
  sections: Parameters<typeof sectionsBlockingSign>[0],
): boolean {
  if (process === 'negotiate') return true;
  if (process === 'sign') return sectionsBlockingSign(sections).length === 0;
  return false;
}

// ---------------------------------------------------------------------------------------------
// Invites, comments, contract id
// ---------------------------------------------------------------------------------------------

/** Delivery states of an invite mail (spec 2 §4.7). */
export const mailStatuses = [
  'new',
  'delivered',
  'open',
  'clicked',
  'failed',
  'bounced',
  'undelivered',
  'error',
] as const;
export type MailStatus = (typeof mailStatuses)[number];

/** Resend is allowed when the status is missing, new or a failure (spec 2 §4.7). */
export function canResendInvite(status: MailStatus | null | undefined): boolean {
  return !status || ['new', 'failed', 'bounced', 'undelivered', 'error'].includes(status as string);
}

/** Only invites still new can be removed. */
export function canRemoveInvite(status: MailStatus | null | undefined): boolean {
  return status === 'new';
}

/** Deals closed for invites and internal comments. */
export function isDealClosed(state: DealState): boolean {
  return state === 'in-signing' || state === 'signed' || state === 'trash';
}

/** Internal comments are not allowed on deals in signing or signed (spec 2 §4.5). */
export function areCommentsAllowed(state: DealState): boolean {
  // A trashed deal is read-only as a whole, its comments too.
  return state !== 'in-signing' && state !== 'signed' && state !== 'trash';
}

export type InviteCheck =
  | { isValid: true; emails: string[] }
  | { isValid: false; message: string; key: DraftMessageKey; value?: string };

/**
 * The 'Invite new receivers' dialog (spec 2 §5): at least one address, each valid, none
 * already invited (nor typed twice). Valid addresses come back lower-cased.
 */
export function checkInviteEmails(
  typed: readonly string[],
  alreadyInvited: readonly string[],
  lang: Lang = 'en',
): InviteCheck {
  const messages = draftMessages[lang];
  const tags = typed.map((tag) => tag.replace(/^[\s,;]+|[\s,;]+$/g, '')).filter(Boolean);
  if (tags.length === 0) {
    return { isValid: false, key: 'inviteAtLeastOne', message: messages.inviteAtLeastOne };
  }
  const emails: string[] = [];
  for (const tag of tags) {
    const email = normaliseEmailTag(tag);
    if (!email) {
      return {
        isValid: false,
        key: 'inviteInvalid',
        value: tag,
        message: formatMessage(messages.inviteInvalid, tag),
      };
    }
    emails.push(email);
  }
  const invited = new Set(alreadyInvited.map((email) => email.toLowerCase()));
  const seen = new Set<string>();
  for (const email of emails) {
    if (invited.has(email)) {
      return {
        isValid: false,
        key: 'inviteAlreadyInvited',
        value: email,
        message: messages.inviteAlreadyInvited,
      };
    }
    if (seen.has(email)) {
      return {
        isValid: false,
        key: 'inviteDouble',
        value: email,
        message: formatMessage(messages.inviteDouble, email),
      };
    }
    seen.add(email);
  }
  return { isValid: true, emails };
}

/** A comment as tracked events quote it: 100 characters, '...' appended when longer. */
export function commentSnippet(content: string, length = 100): string {
  return content.length > length ? `${content.slice(0, length)}...` : content;
}

/** First `n` letters of a name (letters and digits only), for the contract id. */
function namePart(name: string, n: number): string {
  return name.replace(/[^\p{L}\p{N}]/gu, '').slice(0, n);
}

/**
 * The default contract id (spec 2 §9): 'DS' + the first 3 letters of the sender name + the
 * first 3 of the receiver name + the first 4 characters of the deal id, upper case.
 */
export function defaultContractId(senderName: string, receiverName: string, dealId: string) {
  return `DS${namePart(senderName, 3)}${namePart(receiverName, 3)}${dealId.slice(0, 4)}`.toUpperCase();
}

/** The link in an invite mail. */
export function inviteLinkPath(shortId: string): string {
  return `/document/invite/${shortId}`;
}

/** Draft display state (spec 2 §4.4): draft until sent, then open; done when all deals are. */
export type DraftDisplayState = 'draft' | 'open' | 'done';
export function draftDisplayState(options: {
  sentAt: string | Date | null;
  dealCount: number;
  closedCount: number;
}): DraftDisplayState {
  if (!options.sentAt) return 'draft';
  return options.dealCount > 0 && options.closedCount >= options.dealCount ? 'done' : 'open';
}

// ---------------------------------------------------------------------------------------------
// Request schemas
// ---------------------------------------------------------------------------------------------

const titleField = plainText({ message: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(250, 'Too much text. 250 characters max.');

/** A party as the draft stores it: sender or receiver details. */
export const draftPartySchema = partySchema;

export const partiesSchema = z.strictObject({
  sender: draftPartySchema,
  receiver: draftPartySchema,
});

/** The processes a draft can be sent with from the send page. */
export const sendProcesses = ['sign', 'negotiate'] as const;

/** `PATCH /drafts/:id` */
export const updateDraftSchema = z.strictObject({
  title: titleField.optional(),
  abstract: plainText().max(5000).optional(),
  parties: partiesSchema.optional(),
  dealProcess: z.enum(sendProcesses).nullable().optional(),
  batchName: plainText().trim().max(250).nullable().optional(),
  senderMessage: plainText().max(5000).nullable().optional(),
  workspaceId: z.uuid().nullable().optional(),
  visibility: z.enum(documentVisibilities).optional(),
});
export type UpdateDraftInput = z.infer<typeof updateDraftSchema>;

/** One receiver as the send page saves it; e-mails are normalised on save. */
export const receiverInputSchema = z.strictObject({
  id: z.uuid().optional(),
  party: draftPartySchema,
  emails: z.array(z.string().max(300)).max(50),
});

/** `PUT /drafts/:id/receivers` */
export const putReceiversSchema = z.strictObject({
  receivers: z.array(receiverInputSchema).max(100),
});
export type PutReceiversInput = z.infer<typeof putReceiversSchema>;

/** `POST /drafts/:id/send` */
export const sendDraftSchema = z.strictObject({
  workspaceId: z.uuid(),
  dealProcess: z.enum(sendProcesses),
  batchName: plainText().trim().max(250).nullable().optional(),
  isConfirmed: z.literal(true),
});
export type SendDraftInput = z.infer<typeof sendDraftSchema>;

/** `POST /drafts/:id/template` */
export const templateFromDraftSchema = z.strictObject({ title: titleField.optional() }).optional();

const commentContent = plainText({ message: 'Please write a comment.' })
  .trim()
  .min(1, 'Please write a comment.')
  .max(10_000, 'Too much text. 10000 characters max.');

/** `POST /:collection/:documentId/comments`: a new thread, or a reply when `threadId` is set. */
export const createCommentSchema = z.strictObject({
  sectionId: z.uuid(),
  threadId: z.uuid().optional(),
  content: commentContent,
  /** With a reply: resolve the thread at the same time. */
  resolve: z.boolean().optional(),
});
export type CreateCommentInput = z.infer<typeof createCommentSchema>;

export const updateCommentSchema = z.strictObject({ content: commentContent });
export const resolveCommentSchema = z
  .strictObject({ reply: plainText().trim().max(10_000).optional() })
  .optional();

/** `POST /deals/:dealId/invites` */
export const addInvitesSchema = z.strictObject({
  emails: z.array(z.string().max(300)).max(50),
});

/** `POST /deals/:dealId/receiver-details` */
export const receiverDetailsSchema = z.strictObject({ party: draftPartySchema });

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

/** A section of a draft as the API returns it: the templates contract's Section. */
export type DraftSection = Section;

/** A draft receiver's state: not sent yet, or sent (its deal exists). */
export const receiverStatuses = ['new', 'sent'] as const;
export type ReceiverStatus = (typeof receiverStatuses)[number];

/** A receiver of a draft. */
export type Receiver = {
  id: string;
  party: Party;
  emails: { id: string; email: string }[];
  dealId: string | null;
  status: ReceiverStatus;
  position: number;
};

/** The steps of a send's progress: waiting, creating the deals, sending the invites, finished. */
export const draftQueueSteps = ['queued', 'creating', 'inviting', 'done', 'error'] as const;
export type DraftQueueStep = (typeof draftQueueSteps)[number];

/** The progress of a send (draftQue). */
export type DraftQueue = {
  id: string;
  progress: number;
  step: DraftQueueStep;
  errorMessage: string | null;
};

/** A row of the draft list (spec 2 §2.2). */
export type DraftRow = {
  id: string;
  title: string;
  senderName: string | null;
  receiverName: string | null;
  createdBy: { id: string; name: string };
  createdAt: string;
  tags: { id: string; tag: string }[];
};

export type DraftDetail = {
  id: string;
  title: string;
  abstract: string;
  templateId: string | null;
  templateTitle: string | null;
  language: string | null;
  visibility: DocumentVisibility;
  parties: Parties;
  dealProcess: DealProcess | null;
  defaultProcess: DealProcess | null;
  batchName: string | null;
  senderMessage: string | null;
  workspaceId: string | null;
  price: number | null;
  createdBy: string;
  createdAt: string;
  sentAt: string | null;
  canEdit: boolean;
  isCreator: boolean;
  tags: { id: string; tag: string }[];
  sections: DraftSection[];
  receivers: Receiver[];
  queue: DraftQueue | null;
};

/** A card of the sent-status list (spec 2 §2.3). */
export type SentCard = {
  id: string;
  title: string;
  language: string | null;
  visibility: DocumentVisibility;
  createdAt: string;
  sentAt: string | null;
  sentCount: number;
  closedCount: number;
  displayState: DraftDisplayState;
};

/** A deal of a sent draft (`GET /drafts/:id/deals`). */
export type DraftDeal = {
  id: string;
  title: string;
  state: DealState;
  process: DealProcess;
  receiverName: string;
  contractUid: string | null;
  createdAt: string;
  negotiationStats: { approved: number; open: number };
};

export type DealInviteRow = {
  id: string;
  email: string;
  mailStatus: MailStatus;
  createdAt: string;
  /** The invite link, for copying (sender only). */
  link?: string;
};

export type CommentRow = {
  id: string;
  sectionId: string;
  threadId: string | null;
  party: PartyRole;
  content: string;
  creator: { id: string; firstname: string; lastname: string; email: string };
  createdAt: string;
  modifiedAt: string;
  isResolved: boolean;
  resolvedBy: string | null;
  resolvedAt: string | null;
};

export type CommentThread = CommentRow & { replies: CommentRow[] };
