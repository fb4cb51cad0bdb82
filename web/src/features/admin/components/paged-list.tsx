import type { ReactNode } from 'react';
import type { PageParams } from '../list-params';
import { ListPager } from './list-pager';
import { ListStatus, type Loadable } from './list-status';

type PagedListProps<Row> = {
  /** A page of rows, and whether the server has more after it. */
  query: Loadable & { data?: { items: Row[]; hasMore: boolean }; isFetching: boolean };
  paging: PageParams;
  onPage: (next: PageParams) => void;
  emptyText: string;
  loadFailedText: string;
  /** Skeleton rows while the first page loads. */
  skeletonRows?: number;
  /** The page's rows shown (a table). */
  children: (rows: Row[]) => ReactNode;
};

/**
 * An admin list read a page at a time: its loading, error and empty states, the rows, and the
 * pager under them.
 */
export function PagedList<Row>({
  query,
  paging,
  onPage,
  emptyText,
  loadFailedText,
  skeletonRows,
  children,
}: PagedListProps<Row>) {
  const rows = query.data?.items ?? [];
  return (
    <ListStatus
      query={query}
      isEmpty={rows.length === 0 && paging.page === 1}
      emptyText={emptyText}
      loadFailedText={loadFailedText}
      rows={skeletonRows}
    >
      {children(rows)}
      <ListPager
        page={paging.page}
        pageSize={paging.pageSize}
        count={rows.length}
        hasMore={query.data?.hasMore ?? false}
        isFetching={query.isFetching}
        onChange={onPage}
      />
    </ListStatus>
  );
}
