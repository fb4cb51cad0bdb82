import type {
  feedSchema,
  homeAlertsSchema,
  homeDocumentsSchema,
  toSignListSchema,
} from '@pactum/core/api/dashboard';
import {
  FEED_DOCUMENT_LIMIT,
  FEED_EVENTS_PER_DOCUMENT,
  FEED_LIMIT,
  feedEventOfLogged,
  HOME_WIDGET_SIZE,
  isHomeGroup,
  TO_SIGN_LIMIT,
} from '@pactum/core/dashboard';
import { type DealState, dealStates } from '@pactum/core/documents';
import { dateIn, zoneOrDefault } from '@pactum/core/schedule';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import {
  feedLines,
  groupDeals,
  type HomeDocumentRow,
  listedDraftRows,
  recentDocuments,
  timezoneOfUser,
  toSignSlots,
  upcomingAlerts,
} from './queries';

/*
 * The dashboard home's widgets (spec 1 §2 'Dashboard home', §4, §9): each one statement with
 * its limit in SQL, each holding only what the caller may open now (queries.ts).
 */

/** The signed-in caller as the widgets need them. */
export type HomeUser = { id: string; email: string };

type Out<T extends z.ZodType> = z.output<T>;
type HomeDocument = Out<typeof homeDocumentsSchema>['items'][number];

/** A party role, or null for anything else (no access row, a signer outside both parties). */
const partyOrNull = (party: string | null) =>
  party === 'sender' || party === 'receiver' ? party : null;

function homeDocumentOf(row: HomeDocumentRow): HomeDocument {
  const state = (dealStates as readonly string[]).includes(row.state ?? '')
    ? (row.state as DealState)
    : null;
  return {
    kind: row.kind,
    id: row.id,
    title: row.title,
    senderName: row.senderName?.trim() ?? '',
    receiverName: row.receiverName?.trim() ?? '',
    state: row.kind === 'deal' ? state : null,
    myParty: row.kind === 'deal' ? partyOrNull(row.party) : null,
    createdAt: row.createdAt,
    modifiedAt: row.modifiedAt,
  };
}

/**
 * A document widget: `recent` (deals and drafts together, newest modified first), `drafts` (the
 * draft list's drafts, newest modified first) or a deal group (the group's list, newest created
 * first). The 5 latest and whether there are more; any other group is refused with
 * 'Unsupported collection/group combination'.
 */
export async function homeDocuments(
  platform: Platform,
  options: { user: HomeUser; group: string },
): Promise<Out<typeof homeDocumentsSchema>> {
  const { db } = platform.database;
  const { user, group } = options;
  if (!isHomeGroup(group)) throw new AppError('unsupported_group');
  // One more than shown tells whether there are more.
  const limit = HOME_WIDGET_SIZE + 1;
  const rows =
    group === 'recent'
      ? await recentDocuments(db, { user, limit })
      : group === 'drafts'
        ? await listedDraftRows(db, { userId: user.id, limit })
        : await groupDeals(db, { user, group, limit });
  return {
    items: rows.slice(0, HOME_WIDGET_SIZE).map(homeDocumentOf),
    hasMore: rows.length > HOME_WIDGET_SIZE,
  };
}

/** 'You to sign': the caller's own signatures still to give, at most 20, newest signing first. */
export async function homeToSign(
  platform: Platform,
  options: { user: HomeUser },
): Promise<Out<typeof toSignListSchema>> {
  const rows = await toSignSlots(platform.database.db, {
    user: options.user,
    limit: TO_SIGN_LIMIT,
  });
  return {
    items: rows.map((row) => ({
      signerId: row.signerId,
      dealId: row.dealId,
      title: row.title,
      senderName: row.senderName?.trim() ?? '',
      receiverName: row.receiverName?.trim() ?? '',
      party: row.party,
      since: row.since,
    })),
  };
}

/**
 * 'Upcoming Document Alerts': pending alerts the caller is a recipient of, dated today or later
 * in the caller's zone, on files they may still open; the soonest 5 and whether there are more.
 */
export async function homeAlerts(
  platform: Platform,
  options: { user: HomeUser },
): Promise<Out<typeof homeAlertsSchema>> {
  const { db } = platform.database;
  const timeZone = zoneOrDefault(await timezoneOfUser(db, options.user.id));
  const rows = await upcomingAlerts(db, {
    userId: options.user.id,
    fromDate: dateIn(platform.clock.now(), timeZone),
    limit: HOME_WIDGET_SIZE + 1,
  });
  return { items: rows.slice(0, HOME_WIDGET_SIZE), hasMore: rows.length > HOME_WIDGET_SIZE };
}

/**
 * 'Latest changes by others': the newest events of the caller's 100 latest documents and drafts,
 * 10 each, that others made and the caller's side may see; at most 50 lines, newest first.
 */
export async function homeFeed(
  platform: Platform,
  options: { user: HomeUser },
): Promise<Out<typeof feedSchema>> {
  const rows = await feedLines(platform.database.db, {
    user: options.user,
    loggedEvents: Object.keys(feedEventOfLogged),
    documentLimit: FEED_DOCUMENT_LIMIT,
    eventsPerDocument: FEED_EVENTS_PER_DOCUMENT,
    limit: FEED_LIMIT,
  });
  return {
    items: rows.flatMap((row) => {
      const event = Object.hasOwn(feedEventOfLogged, row.event)
        ? feedEventOfLogged[row.event]
        : undefined;
      if (!event) return [];
      return [
        {
          id: row.id,
          event,
          actorName: row.actorName,
          collection: row.collection,
          documentId: row.documentId,
          documentTitle: row.documentTitle,
          sectionTitle: row.sectionTitle,
          myParty: row.collection === 'deals' ? partyOrNull(row.myParty) : null,
          createdAt: row.createdAt,
        },
      ];
    }),
  };
}
