import { diffWordsWithSpace } from 'diff';
import { z } from 'zod';
import {
  type ContentOption,
  type DealProcess,
  type DealState,
  type Parties,
  type PartyRole,
  partySchema,
  type SectionType,
} from './documents';
import type { ErrorCode } from './errors';
import { htmlToText } from './html-text';
import type { DealDecline } from './signing';
import { plainText } from './validation';

/**
 * Deals in negotiation (spec 3 §2.2, §3, §4; spec 2 §4 progress and list cards): the section
 * state machine, the agree-offered rule, counts, progress and its colour, the default contract
 * id, the start-signing rule, the deal list groups and the redline between two versions of a
 * section. Pure rules, used by the server (which enforces them) and the web (which shows them).
 */

// ---------------------------------------------------------------------------------------------
// Section state machine (spec 3 §4, section state)
// ---------------------------------------------------------------------------------------------

/**
 * A section's negotiation state. `null` and `sent` are the original text; `countered` means a
 * party saved a new version; `agreed` means a party accepted the current version. A reopened
 * section goes back to `null` (its log says it was reopened).
 */
export const sectionStates = ['sent', 'countered', 'agreed'] as const;
export type SectionState = (typeof sectionStates)[number] | null;

/** What a log entry records. `reopened` appears only in the log. */
export const sectionLogStates = ['sent', 'countered', 'agreed', 'reopened'] as const;
export type SectionLogState = (typeof sectionLogStates)[number];

/** One entry of a section's log: who did what to which version, when (ISO time). */
export type SectionLogEntry = {
  state: SectionLogState;
  party: PartyRole;
  userId: string;
  time: string;
  contentId: string;
};

/** The parts of a deal section the rules look at. */
export type NegotiatedSection = {
  type: SectionType;
  state: SectionState | 'reopened';
  stateParty: PartyRole | null;
  log: SectionLogEntry[];
  defaultContentId: string | null;
  deletedAt?: Date | string | null;
};

/** Section actions a party takes in negotiation. */
export type SectionAction = 'edit' | 'agree' | 'reopen' | 'delete';

/** Deal states in which the text may still change (spec 3 §4: never in signing, signed, trash). */
export const editableDealStates: readonly DealState[] = ['new', 'negotiate'];

export function isDealEditable(state: DealState): boolean {
  return editableDealStates.includes(state);
}

/** The other side of the table. */
export function otherParty(party: PartyRole): PartyRole {
  return party === 'sender' ? 'receiver' : 'sender';
}

/** The last entry of a section's log, if any. */
export function lastLogEntry(section: Pick<NegotiatedSection, 'log'>): SectionLogEntry | undefined {
  return section.log[section.log.length - 1];
}

/**
 * Agree is offered when the last log event was `sent` or `countered` by the other party, or the
 * section was reopened by the same party (spec 3 §4).
 */
export function isAgreeOffered(section: NegotiatedSection, party: PartyRole): boolean {
  if (section.type !== 'normal' || section.state === 'agreed') return false;
  const last = lastLogEntry(section);
  if (!last) return false;
  if (last.state === 'sent' || last.state === 'countered') return last.party !== party;
  if (last.state === 'reopened') return last.party === party;
  return false;
}

/** Why an action is refused (the user-facing text, English; `fi` below). */
export const negotiationMessages = {
  notEditable: 'This document can no longer be changed.',
  notNormal: 'The parties and signers sections are not negotiated here.',
  agreedNeedsReopen: 'This section is agreed. Open it again for negotiation before editing it.',
  agreeNotOffered: 'You cannot agree to this section now.',
  reopenNotAgreed: 'Only an agreed section can be opened again for negotiation.',
  deleteAgreed: 'An agreed section cannot be deleted. Open it again for negotiation first.',
  noChanges: 'No changes to save.',
  reopenConfirm: "Are you sure you wan't to open this section again for negotiation?",
  trashConfirm: '...trash this document?',
  trashed: 'Document %s trashed',
  trashedBanner: 'This document is trashed. Please contact support to recover this document.',
  unsupportedGroup: 'Unsupported collection/group combination',
  changedMeanwhile:
    'This section was changed by someone else meanwhile. Your text is kept in the editor: copy it, reload the section and try again.',
  lockedBy: 'Locked by %s',
  notLocked: 'Open the section for editing first.',
  onlySenderTrash: 'Only the sender party with edit access can trash this document.',
  alreadyTrashed: 'This document is already in the trash.',
  signedNoTrash: 'A signed document cannot be trashed.',
  onlySenderSettings: 'Only the sender party with edit access can change the deal settings.',
  receiverDetailsConfirmed: 'The receiver confirmed their details; only they can change them.',
  noParty: 'You are not a party of this document.',
  notTrashed: 'Only a trashed document can be restored.',
} as const;
export type NegotiationMessage = keyof typeof negotiationMessages;

/** Finnish texts of the same messages. */
export const negotiationMessagesFi: Record<NegotiationMessage, string> = {
  notEditable: 'Tätä asiakirjaa ei voi enää muuttaa.',
  notNormal: 'Osapuolet- ja allekirjoittajat-osioista ei neuvotella täällä.',
  agreedNeedsReopen: 'Tämä osio on hyväksytty. Avaa se uudelleen neuvoteltavaksi ennen muokkausta.',
  agreeNotOffered: 'Et voi hyväksyä tätä osiota nyt.',
  reopenNotAgreed: 'Vain hyväksytyn osion voi avata uudelleen neuvoteltavaksi.',
  deleteAgreed: 'Hyväksyttyä osiota ei voi poistaa. Avaa se ensin uudelleen neuvoteltavaksi.',
  noChanges: 'Ei tallennettavia muutoksia.',
  reopenConfirm: 'Haluatko varmasti avata tämän osion uudelleen neuvoteltavaksi?',
  trashConfirm: '...siirretäänkö tämä asiakirja roskakoriin?',
  trashed: 'Asiakirja %s siirretty roskakoriin',
  trashedBanner: 'Tämä asiakirja on roskakorissa. Ota yhteyttä tukeen palauttaaksesi asiakirjan.',
  unsupportedGroup: 'Kokoelman ja ryhmän yhdistelmää ei tueta',
  changedMeanwhile:
    'Joku muu muutti tätä osiota sillä välin. Tekstisi on yhä editorissa: kopioi se, lataa osio uudelleen ja yritä uudestaan.',
  lockedBy: 'Lukinnut %s',
  notLocked: 'Avaa osio ensin muokattavaksi.',
  onlySenderTrash: 'Vain lähettäjäosapuoli muokkausoikeuksin voi siirtää asiakirjan roskakoriin.',
  alreadyTrashed: 'Asiakirja on jo roskakorissa.',
  signedNoTrash: 'Allekirjoitettua asiakirjaa ei voi siirtää roskakoriin.',
  onlySenderSettings: 'Vain lähettäjäosapuoli muokkausoikeuksin voi muuttaa sopimuksen asetuksia.',
  receiverDetailsConfirmed:
    'Vastaanottaja on vahvistanut tietonsa; vain vastaanottaja voi muuttaa niitä.',
  noParty: 'Et ole tämän asiakirjan osapuoli.',
  notTrashed: 'Vain roskakorissa olevan asiakirjan voi palauttaa.',
};

/** The API's error code of each refusal of the negotiation rules. */
export const negotiationErrorCodes = {
  notEditable: 'deal_not_editable',
  notNormal: 'section_not_negotiable',
  agreedNeedsReopen: 'section_agreed',
  agreeNotOffered: 'agree_not_offered',
  reopenNotAgreed: 'reopen_not_agreed',
  deleteAgreed: 'delete_agreed',
  noChanges: 'no_changes',
  unsupportedGroup: 'unsupported_group',
  changedMeanwhile: 'section_changed_meanwhile',
  lockedBy: 'section_locked',
  notLocked: 'section_not_locked',
  onlySenderTrash: 'sender_only_trash',
  alreadyTrashed: 'already_trashed',
  signedNoTrash: 'signed_no_trash',
  onlySenderSettings: 'sender_only_settings',
  receiverDetailsConfirmed: 'receiver_details_confirmed',
  noParty: 'no_party',
  notTrashed: 'not_trashed',
} as const satisfies Partial<Record<NegotiationMessage, ErrorCode>>;

/** A negotiation message key that is a refusal (with an error code). */
export type NegotiationRefusal = keyof typeof negotiationErrorCodes;

/** The outcome of checking an action: allowed, or refused with the reason's message key. */
export type ActionCheck = { isAllowed: true } | { isAllowed: false; reason: NegotiationMessage };

const allowed: ActionCheck = { isAllowed: true };
const refuse = (reason: NegotiationMessage): ActionCheck => ({ isAllowed: false, reason });

/** Whether `party` may take `action` on the section of a deal in `dealState`. */
export function checkSectionAction(options: {
  action: SectionAction;
  section: NegotiatedSection;
  party: PartyRole;
  dealState: DealState;
}): ActionCheck {
  const { action, section, party, dealState } = options;
  if (!isDealEditable(dealState)) return refuse('notEditable');
  if (section.type !== 'normal') return refuse('notNormal');
  switch (action) {
    case 'edit':
      return section.state === 'agreed' ? refuse('agreedNeedsReopen') : allowed;
    case 'agree':
      return isAgreeOffered(section, party) ? allowed : refuse('agreeNotOffered');
    case 'reopen':
      return section.state === 'agreed' ? allowed : refuse('reopenNotAgreed');
    case 'delete':
      return section.state === 'agreed' ? refuse('deleteAgreed') : allowed;
  }
}

/** The section fields a transition changes. */
export type SectionTransition = {
  state: SectionState;
  stateParty: PartyRole;
  log: SectionLogEntry[];
  defaultContentId: string | null;
  content: ContentOption[];
};

/** Thrown by the transition functions when the action is refused; `reason` is a message key. */
export class NegotiationError extends Error {
  override name = 'NegotiationError';
  readonly reason: NegotiationMessage;
  constructor(reason: NegotiationMessage) {
    super(negotiationMessages[reason]);
    this.reason = reason;
  }
}

function ensure(check: ActionCheck): void {
  if (!check.isAllowed) throw new NegotiationError(check.reason);
}

/** Compares two HTML texts as a reader would: tags and spacing aside. */
export function isSameText(a: string, b: string): boolean {
  const normal = (html: string) => html.replace(/\s+/g, ' ').trim();
  return normal(a) === normal(b);
}

/**
 * A party saves an edit: the section becomes `countered` by that party, the new text becomes a
 * new content option and the default, and the log says so. A save that changes neither the
 * title nor the text is refused with 'No changes to save.'
 */
export function counterSection(options: {
  section: NegotiatedSection & { title: string; content: ContentOption[] };
  party: PartyRole;
  userId: string;
  time: Date;
  title: string;
  html: string;
  newContentId: string;
  dealState: DealState;
}): SectionTransition & { title: string } {
  const { section, party, userId, time, title, html, newContentId } = options;
  ensure(checkSectionAction({ action: 'edit', section, party, dealState: options.dealState }));
  const current = currentContent(section);
  const isTextSame = isSameText(current?.html ?? '', html);
  if (isTextSame && title.trim() === section.title.trim()) {
    throw new NegotiationError('noChanges');
  }
  // Each version keeps the title it was proposed with, so a renamed section shows in the
  // versions and their redline; earlier versions without one had the title until now.
  const option: ContentOption = { id: newContentId, html, title: title.trim() };
  const earlier = section.content.map((existing) =>
    existing.title === undefined ? { ...existing, title: section.title.trim() } : existing,
  );
  return {
    title: title.trim(),
    state: 'countered',
    stateParty: party,
    content: [...earlier, option],
    defaultContentId: newContentId,
    log: [
      ...section.log,
      { state: 'countered', party, userId, time: time.toISOString(), contentId: newContentId },
    ],
  };
}

/** A party accepts the section's current version. */
export function agreeSection(options: {
  section: NegotiatedSection & { content: ContentOption[] };
  party: PartyRole;
  userId: string;
  time: Date;
  dealState: DealState;
}): SectionTransition {
  const { section, party, userId, time } = options;
  ensure(checkSectionAction({ action: 'agree', section, party, dealState: options.dealState }));
  const contentId = section.defaultContentId ?? currentContent(section)?.id ?? '';
  return {
    state: 'agreed',
    stateParty: party,
    content: section.content,
    defaultContentId: section.defaultContentId,
    log: [...section.log, { state: 'agreed', party, userId, time: time.toISOString(), contentId }],
  };
}

/** A party opens an agreed section again for negotiation (after the spec's confirmation). */
export function reopenSection(options: {
  section: NegotiatedSection & { content: ContentOption[] };
  party: PartyRole;
  userId: string;
  time: Date;
  dealState: DealState;
}): SectionTransition {
  const { section, party, userId, time } = options;
  ensure(checkSectionAction({ action: 'reopen', section, party, dealState: options.dealState }));
  const contentId = section.defaultContentId ?? currentContent(section)?.id ?? '';
  return {
    state: null,
    stateParty: party,
    content: section.content,
    defaultContentId: section.defaultContentId,
    log: [
      ...section.log,
      { state: 'reopened', party, userId, time: time.toISOString(), contentId },
    ],
  };
}

/**
 * A section a party adds during negotiation is that party's proposal: it starts `countered` by
 * them, so the other party has to agree to it like to any new version.
 */
export function newSectionState(options: {
  party: PartyRole;
  userId: string;
  time: Date;
  contentId: string;
}): Pick<SectionTransition, 'state' | 'stateParty' | 'log'> {
  const { party, userId, time, contentId } = options;
  return {
    state: 'countered',
    stateParty: party,
    log: [{ state: 'countered', party, userId, time: time.toISOString(), contentId }],
  };
}

/** The content option shown now: the default, else the last. */
export function currentContent(section: {
  content: ContentOption[];
  defaultContentId: string | null;
}): ContentOption | undefined {
  return (
    section.content.find((option) => option.id === section.defaultContentId) ??
    section.content[section.content.length - 1]
  );
}

// ---------------------------------------------------------------------------------------------
// Chips, counts, progress
// ---------------------------------------------------------------------------------------------

/** Chip texts (spec 3 §4): by the last log entry. */
export const chipTexts: Record<SectionLogState, string> = {
  sent: 'Sent',
  agreed: 'Agreed',
  countered: 'New version created',
  reopened: 'Reopened',
};
export const chipTextsFi: Record<SectionLogState, string> = {
  sent: 'Lähetetty',
  agreed: 'Hyväksytty',
  countered: 'Uusi versio luotu',
  reopened: 'Avattu uudelleen',
};

export type SectionChip = {
  kind: SectionLogState;
  text: string;
  party: PartyRole;
  partyName: string;
  time: string;
};

/** The state chip of a section: the last log entry's text, party name and time. */
export function sectionChip(
  section: Pick<NegotiatedSection, 'log'>,
  parties: Parties,
): SectionChip | null {
  const last = lastLogEntry(section);
  if (!last) return null;
  return {
    kind: last.state,
    text: chipTexts[last.state],
    party: last.party,
    partyName: parties[last.party].name,
    time: last.time,
  };
}

/** The negotiation counts of a deal as the viewer sees them (spec 3 §4). */
export type SectionCounts = {
  original: number;
  agreed: number;
  editedByYou: number;
  editedByOther: number;
  total: number;
};

/** Parties and signers sections and deleted sections are not counted. */
function isCounted(section: NegotiatedSection): boolean {
  return section.type === 'normal' && !section.deletedAt;
}

export function sectionCounts(
  sections: NegotiatedSection[],
  viewerParty: PartyRole | null,
): SectionCounts {
  const counts: SectionCounts = {
    original: 0,
    agreed: 0,
    editedByYou: 0,
    editedByOther: 0,
    total: 0,
  };
  for (const section of sections) {
    if (!isCounted(section)) continue;
    counts.total += 1;
    if (section.state === 'agreed') counts.agreed += 1;
    else if (section.state === 'countered') {
      if (viewerParty && section.stateParty === viewerParty) counts.editedByYou += 1;
      else counts.editedByOther += 1;
    } else counts.original += 1;
  }
  return counts;
}

/** negotiationStats {approved, open} stored on the deal for its list card. */
export function negotiationStats(sections: NegotiatedSection[]): {
  approved: number;
  open: number;
} {
  const counted = sections.filter(isCounted);
  const approved = counted.filter((section) => section.state === 'agreed').length;
  return { approved, open: counted.length - approved };
}

/**
 * Deal progress in percent (spec 2 §4): 100 when signed, otherwise approved / (approved + open)
 * from negotiationStats, 0 when there is nothing to count.
 */
export function dealProgress(options: {
  state: DealState;
  stats: { approved: number; open: number } | null | undefined;
}): number {
  if (options.state === 'signed') return 100;
  const stats = options.stats;
  if (!stats) return 0;
  const all = stats.approved + stats.open;
  if (all <= 0) return 0;
  return Math.round((stats.approved / all) * 100);
}

export type ProgressColour = 'green' | 'blue' | 'grey';

/** Green above 59, blue above 29, else grey (thresholds 30 and 60). */
export function progressColour(percent: number): ProgressColour {
  if (percent > 59) return 'green';
  if (percent > 29) return 'blue';
  return 'grey';
}

// ---------------------------------------------------------------------------------------------
// Contract id, start signing
// ---------------------------------------------------------------------------------------------

/** The first `n` letters or digits of a name (spaces and punctuation skipped). */
function firstLetters(name: string, n: number): string {
  return Array.from(name.replace(/[^\p{L}\p{N}]/gu, ''))
    .slice(0, n)
    .join('');
}

/**
 * Default contract id: 'DS' + first 3 letters of the sender name + first 3 letters of the
 * receiver name + first 4 characters of the deal id, upper case.
 */
export function defaultContractUid(options: {
  senderName: string;
  receiverName: string;
  dealId: string;
}): string {
  return `DS${firstLetters(options.senderName, 3)}${firstLetters(options.receiverName, 3)}${options.dealId.slice(0, 4)}`.toUpperCase();
}

/**
 * The party whose version a section shows: the author of its latest `sent` or `countered`
 * entry. A sent deal's text is the sender's, so a section without one is the sender's too.
 */
export function latestVersionParty(section: Pick<NegotiatedSection, 'log'>): PartyRole {
  const made = section.log.findLast(
    (entry) => entry.state === 'sent' || entry.state === 'countered',
  );
  return made?.party ?? 'sender';
}

/**
 * Whether the other party of `party` stands behind a section for signing: its latest version
 * is the other party's (starting signing is then `party`'s own consent to it), or the other
 * party agreed to that version after it was made and has not opened the section again since.
 * A reopen by `party` itself leaves the other party's consent standing.
 */
export function isAgreedByOtherParty(section: NegotiatedSection, party: PartyRole): boolean {
  const other = otherParty(party);
  if (latestVersionParty(section) === other) return true;
  const madeAt = section.log.findLastIndex(
    (entry) => entry.state === 'sent' || entry.state === 'countered',
  );
  const agreedAt = section.log.findLastIndex(
    (entry, index) => index > madeAt && entry.state === 'agreed' && entry.party === other,
  );
  if (agreedAt < 0) return false;
  return !section.log
    .slice(agreedAt + 1)
    .some((later) => later.state === 'reopened' && later.party === other);
}

/**
 * The sections that keep `party` from starting signing, in the given order: every negotiated
 * section (not deleted) the other party does not stand behind (`isAgreedByOtherParty`). The
 * server names the first in its refusal.
 */
export function sectionsAwaitingAgreement<Section extends NegotiatedSection>(
  sections: Section[],
  party: PartyRole,
  process: DealProcess = 'negotiate',
): Section[] {
  // In the signing-only process the receiver accepts the text by signing it: there is no
  // negotiation, so nothing waits for an agreement first.
  if (process === 'sign') return [];
  return sections.filter((section) => isCounted(section) && !isAgreedByOtherParty(section, party));
}

/**
 * Start signing (spec 3 §4) is offered from new or negotiate to an edit-access party once the
 * other party stands behind every negotiated section: each is agreed by the other party, or its
 * latest version is the other party's. A section as the sender sent it is the sender's version,
 * so the sender cannot start signing over text the receiver never accepted; sections a party
 * added are that party's versions too. The spec's own rule looks only at the latest counter
 * edit of the whole deal, which let a party change one section, have another agreed, and start
 * signing over a change the other side never accepted. Starting signing is the starter's own
 * consent to the other party's versions.
 */
export function canStartSigning(options: {
  sections: NegotiatedSection[];
  party: PartyRole | null;
  dealState: DealState;
  canEdit: boolean;
  /** The deal's process; the signing-only process has nothing to agree first. */
  process: DealProcess;
}): boolean {
  const { sections, party, dealState, canEdit, process } = options;
  if (!party || !canEdit || !isDealEditable(dealState)) return false;
  return sectionsAwaitingAgreement(sections, party, process).length === 0;
}

// ---------------------------------------------------------------------------------------------
// Deal list groups (spec 1 §3 dashboard deal groups, spec 2 §4 list cards)
// ---------------------------------------------------------------------------------------------

/**
 * The deal lists: negotiate (new, negotiate), sign and waiting (in-signing), signed, trash, and
 * archived (signed deals whose filed copy in the archive the caller can open; docs-archived-list).
 */
export const dealGroups = ['negotiate', 'sign', 'waiting', 'signed', 'trash', 'archived'] as const;
export type DealGroup = (typeof dealGroups)[number];

/** The deal states a group lists; `sign` and `waiting` split in-signing by the user's signature. */
export const dealGroupStates: Record<DealGroup, readonly DealState[]> = {
  negotiate: ['new', 'negotiate'],
  sign: ['in-signing'],
  waiting: ['in-signing'],
  signed: ['signed'],
  trash: ['trash'],
  archived: ['signed'],
};

/** A list group by name, refusing any other with 'Unsupported collection/group combination'. */
export function parseDealGroup(collection: string, group: string): DealGroup {
  if (collection !== 'deals' || !(dealGroups as readonly string[]).includes(group)) {
    throw new NegotiationError('unsupportedGroup');
  }
  return group as DealGroup;
}

/** Page sizes of the deal lists; at most 100 rows per query. */
export const dealPageSizes = [10, 25, 50] as const;
export const DEAL_PAGE_MAX = 100;
export const DEAL_EVENTS_PAGE_SIZE = 100;
/** Deal settings autosave after 2 s without changes. */
export const DEAL_SETTINGS_AUTOSAVE_MS = 2000;

/** List card status (spec 2 §4): new icon, 'In negotiation', 'In signing', 'Signed at %s'. */
export function dealCardStatus(
  state: DealState,
): 'new' | 'negotiate' | 'in-signing' | 'signed' | 'trash' {
  return state;
}

/** Where 'Back to home' goes by the deal's state (spec 3 §2.2). */
export function homeGroupOf(options: {
  state: DealState;
  hasUnsignedSignerInvite: boolean;
}): DealGroup | 'archived' {
  const { state, hasUnsignedSignerInvite } = options;
  if (state === 'new' || state === 'negotiate') return 'negotiate';
  if (hasUnsignedSignerInvite) return 'sign';
  if (state === 'in-signing') return 'waiting';
  if (state === 'signed') return 'signed';
  if (state === 'trash') return 'trash';
  return 'archived';
}

/** Passthrough time (days, hours, minutes) between two instants. */
export function passthroughTime(
  from: Date,
  to: Date,
): { days: number; hours: number; minutes: number } {
  const minutesTotal = Math.max(0, Math.floor((to.getTime() - from.getTime()) / 60_000));
  return {
    days: Math.floor(minutesTotal / 1440),
    hours: Math.floor((minutesTotal % 1440) / 60),
    minutes: minutesTotal % 60,
  };
}

/** Event snippets: 100 characters with '...' when longer (spec 2 §9). */
export function eventSnippet(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > 100 ? `${clean.slice(0, 100)}...` : clean;
}

// ---------------------------------------------------------------------------------------------
// Redline
// ---------------------------------------------------------------------------------------------

/** Text safe inside HTML. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export type RedlinePart = { kind: 'same' | 'inserted' | 'deleted'; text: string };

/** Word-level differences between the reading texts of two versions. */
export function redlineParts(fromHtml: string, toHtml: string): RedlinePart[] {
  const changes = diffWordsWithSpace(
    htmlToText(fromHtml, { lines: true }),
    htmlToText(toHtml, { lines: true }),
  );
  return changes.map((change) => ({
    kind: change.added ? 'inserted' : change.removed ? 'deleted' : 'same',
    text: change.value,
  }));
}

/**
 * The redline as safe HTML: insertions in `<ins>`, deletions in `<del>`, every text escaped,
 * line breaks as `<br>`. Nothing of either version's markup passes through.
 */
export function redlineHtml(fromHtml: string, toHtml: string): string {
  return partsHtml(redlineParts(fromHtml, toHtml));
}

/** The redline of two plain texts (section titles), as safe HTML like `redlineHtml`. */
export function textRedlineHtml(fromText: string, toText: string): string {
  return partsHtml(
    diffWordsWithSpace(fromText, toText).map((change) => ({
      kind: change.added ? 'inserted' : change.removed ? 'deleted' : 'same',
      text: change.value,
    })),
  );
}

function partsHtml(parts: RedlinePart[]): string {
  return parts
    .map((part) => {
      const text = escapeHtml(part.text).replace(/\n/g, '<br>');
      if (part.kind === 'inserted') return `<ins>${text}</ins>`;
      if (part.kind === 'deleted') return `<del>${text}</del>`;
      return text;
    })
    .join('');
}

// ---------------------------------------------------------------------------------------------
// API contracts
// ---------------------------------------------------------------------------------------------

export const dealListQuerySchema = z.object({
  group: z.string(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(DEAL_PAGE_MAX).default(10),
});
export type DealListQuery = z.input<typeof dealListQuerySchema>;

/** One row of a deal list (spec 2 §4 list card; spec 1 deal rows). */
export type DealCard = {
  id: string;
  title: string;
  state: DealState;
  process: DealProcess;
  contractUid: string;
  senderName: string;
  receiverName: string;
  myParty: PartyRole | null;
  createdAt: string;
  modifiedAt: string;
  signedAt: string | null;
  /** The last decline to sign, until signing starts again (issue 40). */
  declined: DealDecline | null;
  progress: number;
  progressColour: ProgressColour;
};

export type DealList = { deals: DealCard[]; total: number; page: number; pageSize: number };

/** A deal section as both editors show it. */
export type DealSection = {
  id: string;
  parentId: string | null;
  position: number;
  number: string;
  type: SectionType;
  title: string;
  help: string | null;
  /** How many versions the section has (the versions themselves: GET …/versions). */
  versionCount: number;
  defaultContentId: string | null;
  /** The current version's text. */
  html: string;
  state: SectionState;
  stateParty: PartyRole | null;
  log: (SectionLogEntry & { userName: string })[];
  chip: SectionChip | null;
  lockedBy: { id: string; name: string } | null;
  isLockedByMe: boolean;
  canEdit: boolean;
  canAgree: boolean;
  canReopen: boolean;
  canDelete: boolean;
  modifiedAt: string;
};

/** The deal-level figures a section change can move (the editor's header and progress). */
export type DealFigures = {
  state: DealState;
  modifiedAt: string;
  negotiationStats: { approved: number; open: number };
  counts: SectionCounts;
  progress: number;
  progressColour: ProgressColour;
  canStartSigning: boolean;
};

/**
 * The answer of a section action (lock, unlock, save, agree, reopen, create) and of
 * GET …/sections/:sectionId: the section as it is now, the deal's figures, and the caller's
 * other sections whose edit lock the action let go of.
 */
export type DealSectionChange = {
  section: DealSection;
  deal: DealFigures;
  unlockedSectionIds: string[];
};

/** GET /deals/:dealId (the doc-load information and the editor's content). */
export type DealDetail = {
  id: string;
  draftId: string | null;
  title: string;
  abstract: string;
  contractUid: string;
  parties: Parties;
  state: DealState;
  beforeTrashState: DealState | null;
  process: DealProcess;
  sentBy: string;
  senderName: string;
  sentAt: string | null;
  sendQueuedAt: string | null;
  signedAt: string | null;
  /** The last decline to sign, until signing starts again (issue 40). */
  declined: DealDecline | null;
  createdAt: string;
  modifiedAt: string;
  negotiationStats: { approved: number; open: number };
  myParty: PartyRole | null;
  role: 'edit' | 'view';
  canEdit: boolean;
  canTrash: boolean;
  canEditSettings: boolean;
  canStartSigning: boolean;
  isTrashed: boolean;
  sections: DealSection[];
  counts: SectionCounts;
  progress: number;
  progressColour: ProgressColour;
  home: DealGroup | 'archived';
  /** The receiver has confirmed their own party's details (spec 2 §6); until then doc-load asks. */
  receiverValidated: boolean;
};

const html = plainText().max(500_000, 'The text is too long.');

/** PUT /deals/:dealId/sections/:sectionId: save an edit; `baseLogLength` is what the client saw. */
export const saveDealSectionSchema = z.strictObject({
  title: plainText().trim().max(500),
  html,
  baseLogLength: z.number().int().min(0),
});
export type SaveDealSection = z.infer<typeof saveDealSectionSchema>;

/** POST .../agree and .../reopen: the log length the client saw, so no one agrees blind. */
export const dealSectionActionSchema = z.strictObject({
  baseLogLength: z.number().int().min(0),
});

/** POST /deals/:dealId/sections */
export const createDealSectionSchema = z.strictObject({
  afterSectionId: z.uuid().optional(),
  parentId: z.uuid().nullable().optional(),
  title: plainText().trim().max(500).default(''),
  html: html.default(''),
});
export type CreateDealSection = z.input<typeof createDealSectionSchema>;

/** PATCH /deals/:dealId: the deal settings dialog (autosaves changed fields). */
export const dealSettingsSchema = z
  .strictObject({
    title: plainText().trim().min(1, 'This field is required').max(250),
    abstract: plainText().trim().max(5000),
    contractUid: plainText().trim().max(100),
    parties: z.strictObject({ sender: partySchema, receiver: partySchema }),
  })
  .partial();
export type DealSettings = z.infer<typeof dealSettingsSchema>;

/** One version of a section (GET .../versions). */
export type SectionVersion = {
  contentId: string;
  index: number;
  /** The section title proposed with this version. */
  title: string;
  html: string;
  party: PartyRole | null;
  userName: string | null;
  time: string | null;
  isCurrent: boolean;
};

export const redlineQuerySchema = z.object({ from: z.string().min(1), to: z.string().min(1) });

/** One activity entry (GET /deals/:dealId/events). */
export type DealEvent = {
  id: string;
  event: string;
  party: PartyRole | null;
  actorParty: PartyRole | null;
  sectionId: string | null;
  sectionTitle: string | null;
  contentSnippet: string | null;
  userInfo: { firstname: string; lastname: string } | null;
  createdAt: string;
};

export const dealEventsQuerySchema = z.object({ cursor: z.string().optional() });
