import { DRAFT_PAGE_SIZES } from '@pactum/core/api/drafts';

/** The page size in the address if it is one of the draft table's, else the first (25). */
export function draftPageSizeOf(value: string | null): number {
  const size = Number(value);
  return (DRAFT_PAGE_SIZES as readonly number[]).includes(size) ? size : DRAFT_PAGE_SIZES[0];
}

/** The page number in the address, from 1; anything else is the first page. */
export function draftPageOf(value: string | null): number {
  return Math.max(1, Number.parseInt(value ?? '1', 10) || 1);
}

/** The last page of a list of `total` rows (the first when there are none). */
export function lastDraftPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
