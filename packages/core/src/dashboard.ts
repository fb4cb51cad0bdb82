import type { Lang } from './validation';

/*
 * The dashboard home (spec 1 §2 'Dashboard home', §4 dashboard deal groups and the
 * latest-changes feed, §9 limits): its widgets, their limits and the feed's wording.
 */

/** Each widget shows the 5 latest items (spec 1 §9 widget size). */
export const HOME_WIDGET_SIZE = 5;
/** 'You to sign' reads at most 20 signer items and shows 5 until 'Show more'. */
export const TO_SIGN_LIMIT = 20;
/** The feed looks at the 100 latest documents and drafts the caller can see... */
export const FEED_DOCUMENT_LIMIT = 100;
/** ...and at most 10 events of each. */
export const FEED_EVENTS_PER_DOCUMENT = 10;
/** The feed's answer holds at most this many lines, newest first. */
export const FEED_LIMIT = 50;

/**
 * The home's document widgets: the spec's dashboard deal groups (`recent`: deals and drafts
 * together, newest modified first) plus `drafts`. Any other group is refused with
 * 'Unsupported collection/group combination'.
 */
export const homeGroups = [
  'recent',
  'drafts',
  'negotiate',
  'sign',
  'waiting',
  'signed',
  'trash',
] as const;
export type HomeGroup = (typeof homeGroups)[number];

export function isHomeGroup(value: string): value is HomeGroup {
  return (homeGroups as readonly string[]).includes(value);
}

/** 'Show all documents' shows under a widget with more than 5 items, never under `recent`. */
export function showsAllLink(group: HomeGroup, hasMore: boolean): boolean {
  return hasMore && group !== 'recent';
}

/**
 * The events the feed shows (spec 1 §4), by the name the feed uses. The deal's event log writes
 * the signing start as `signign-start` (the spec's own spelling); it reads as `signing-start`.
 */
export const feedEvents = [
  'document-create',
  'document-sign',
  'signing-start',
  'signing-complete',
  'restart-nego',
  'sign-to-nego',
  'signing-declined',
  'signing-withdrawn',
  'section-edit',
  'section-agree',
  'section-reopen',
  'section-create',
  'section-delete',
] as const;
export type FeedEvent = (typeof feedEvents)[number];

/** The logged event names that make a feed line, each with the feed event it shows as. */
export const feedEventOfLogged: Readonly<Record<string, FeedEvent>> = {
  ...Object.fromEntries(feedEvents.map((event) => [event, event])),
  'signign-start': 'signing-start',
};

/** What a feed line says after the actor's name (spec 1 §4 latest-changes feed). */
export const feedEventTexts: Record<Lang, Record<FeedEvent, string>> = {
  en: {
    'document-create': 'created a document',
    'document-sign': 'signed a document',
    'signing-start': 'started the signing process',
    'signing-complete': 'Is signed by all parties',
    'restart-nego': 'restarted negotiations',
    'sign-to-nego': 'started negotiations',
    'signing-declined': 'declined to sign',
    'signing-withdrawn': 'withdrew the signing request',
    'section-edit': 'edited a section',
    'section-agree': 'agreed to section',
    'section-reopen': 'reopened section',
    'section-create': 'created a section',
    'section-delete': 'deleted a section',
  },
  fi: {
    'document-create': 'loi asiakirjan',
    'document-sign': 'allekirjoitti asiakirjan',
    'signing-start': 'aloitti allekirjoituksen',
    'signing-complete': 'On kaikkien osapuolten allekirjoittama',
    'restart-nego': 'aloitti neuvottelut uudelleen',
    'sign-to-nego': 'aloitti neuvottelut',
    'signing-declined': 'kieltäytyi allekirjoittamasta',
    'signing-withdrawn': 'veti allekirjoituspyynnön takaisin',
    'section-edit': 'muokkasi kohtaa',
    'section-agree': 'hyväksyi kohdan',
    'section-reopen': 'avasi kohdan uudelleen',
    'section-create': 'loi kohdan',
    'section-delete': 'poisti kohdan',
  },
};
