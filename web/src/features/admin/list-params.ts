import {
  ADMIN_DEFAULT_PAGE_SIZE,
  ADMIN_PAGE_SIZES,
  type AdminDocumentKind,
  type AdminEventKind,
  adminDocumentKinds,
  adminEventKinds,
} from '@pactum/core/admin';
import { type DealState, dealStates } from '@pactum/core/documents';

/*
 * The admin lists keep their filters in the address (`?q=…&state=trash&page=2`), so a list can
 * be reloaded, linked to from another admin page and left with Back. These functions read the
 * address leniently (a value that is not allowed is as if it were not there) and write only what
 * differs from the defaults.
 */

export type AdminPageSize = (typeof ADMIN_PAGE_SIZES)[number];

/** Which page of a list, from 1, and how many rows it holds. */
export type PageParams = { page: number; pageSize: AdminPageSize };

/** The users and billing lists: a text search and the page. */
export type SearchListParams = PageParams & { q: string };

/** A document's state on the admin lists: a deal's state, or a draft. */
export type AdminDocumentState = DealState | 'draft';
export const adminDocumentStates: readonly AdminDocumentState[] = [...dealStates, 'draft'];

/** A day as a date field holds it: `2026-11-25`. */
export type Day = string;

/** The documents list: text, kind, state, a range of creation days, and the page. */
export type DocumentListParams = SearchListParams & {
  kind: AdminDocumentKind | undefined;
  state: AdminDocumentState | undefined;
  from: Day | undefined;
  to: Day | undefined;
};

/** The event log's filters (it pages with a cursor, not in the address). */
export type EventFilters = {
  kind: AdminEventKind | undefined;
  type: string;
  userId: string | undefined;
  documentId: string | undefined;
  from: Day | undefined;
  to: Day | undefined;
};

/** The longest text a list's search sends (the contract's limit). */
export const SEARCH_MAX_LENGTH = 200;
/** The longest event type (the contract's limit). */
export const EVENT_TYPE_MAX_LENGTH = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a text is an id (a UUID) the server would take. */
export function isUuid(value: string): boolean {
  return UUID.test(value.trim());
}

/** Whether a text is a real calendar day, `YYYY-MM-DD`. */
export function isDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

const text = (params: URLSearchParams, name: string, max: number): string =>
  (params.get(name) ?? '').trim().slice(0, max);

const day = (params: URLSearchParams, name: string): Day | undefined => {
  const value = params.get(name);
  return value !== null && isDay(value) ? value : undefined;
};

const id = (params: URLSearchParams, name: string): string | undefined => {
  const value = params.get(name)?.trim();
  return value && isUuid(value) ? value.toLowerCase() : undefined;
};

/** `page` (1 when missing or not a whole number from 1 to 10 000) and `pageSize` (25, 50, 100). */
export function readPage(params: URLSearchParams): PageParams {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    pageSize: (ADMIN_PAGE_SIZES as readonly number[]).includes(pageSize)
      ? (pageSize as AdminPageSize)
      : ADMIN_DEFAULT_PAGE_SIZE,
  };
}

export function readSearchListParams(params: URLSearchParams): SearchListParams {
  return { ...readPage(params), q: text(params, 'q', SEARCH_MAX_LENGTH) };
}

export function readDocumentListParams(params: URLSearchParams): DocumentListParams {
  return {
    ...readSearchListParams(params),
    kind: oneOf(adminDocumentKinds, params.get('kind')),
    state: oneOf(adminDocumentStates, params.get('state')),
    from: day(params, 'from'),
    to: day(params, 'to'),
  };
}

export function readEventFilters(params: URLSearchParams): EventFilters {
  return {
    kind: oneOf(adminEventKinds, params.get('kind')),
    type: text(params, 'type', EVENT_TYPE_MAX_LENGTH),
    userId: id(params, 'userId'),
    documentId: id(params, 'documentId'),
    from: day(params, 'from'),
    to: day(params, 'to'),
  };
}

type ParamValues = Record<string, string | number | undefined>;

/**
 * The address's query for a list: empty values and the defaults (page 1, 25 rows) left out, so
 * an untouched list has a bare address.
 */
export function writeParams(values: ParamValues): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === '') continue;
    if (name === 'page' && value === 1) continue;
    if (name === 'pageSize' && value === ADMIN_DEFAULT_PAGE_SIZE) continue;
    params.set(name, String(value));
  }
  return params;
}

/** The start of a day in the user's own time zone, as the API's ISO time. */
export function startOfDay(value: Day): string {
  const [year, month, date] = value.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date).toISOString();
}

/** The start of the next day in the user's time zone: a 'to' day includes all of that day. */
export function endOfDay(value: Day): string {
  const [year, month, date] = value.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + 1).toISOString();
}

const timeRange = ({ from, to }: { from: Day | undefined; to: Day | undefined }) => ({
  from: from ? startOfDay(from) : undefined,
  to: to ? endOfDay(to) : undefined,
});

/** What a list asks the API for: every value (page and size included), no empty ones. */
function apiQuery(values: ParamValues): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return params.toString();
}

/** GET /api/v1/admin/users and /workspaces: the query of a page. */
export function searchListQuery({ q, page, pageSize }: SearchListParams): string {
  return apiQuery({ q, page, pageSize });
}

/** GET /api/v1/admin/documents: the query of a page, the days as times of the user's zone. */
export function documentListQuery(params: DocumentListParams): string {
  const { q, kind, state, page, pageSize } = params;
  return apiQuery({ q, kind, state, ...timeRange(params), page, pageSize });
}

/** GET /api/v1/admin/events: the query of the filters' first page, or of the page at `cursor`. */
export function eventQuery(
  filters: EventFilters,
  options: { pageSize: AdminPageSize; cursor?: string },
): string {
  const { kind, type, userId, documentId } = filters;
  return apiQuery({
    kind,
    type,
    userId,
    documentId,
    ...timeRange(filters),
    cursor: options.cursor,
    pageSize: options.pageSize,
  });
}
