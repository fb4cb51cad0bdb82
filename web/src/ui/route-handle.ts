import { createContext, useContext, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type UIMatch, useLocation, useMatches } from 'react-router';
import type en from '../locales/en.json';

/** A key of the navigation texts (`nav.*`), naming a page in breadcrumbs and the toolbar. */
export type CrumbKey = keyof (typeof en)['nav'];

/** What a dashboard route tells the shell (react-router `handle`). */
export type RouteHandle = {
  /** The route's name in the breadcrumb bar (a page may name itself from its data instead). */
  crumb?: CrumbKey;
  /** Where the crumb links to, when not the route's own path (e.g. a layout route). */
  crumbTo?: string;
};

export type Crumb = { key: string; label: string; to: string };

/** A crumb a page names from its data: `to` defaults to the page's own path. */
export type PageCrumb = { crumb: CrumbKey; to?: string };

/** The crumbs the open page named, and the path they belong to. */
export type PageCrumbs = { pathname: string; crumbs: readonly PageCrumb[] };

/** How a page hands its crumbs to the shell (see usePageCrumbs). */
export const PageCrumbsContext = createContext<(crumbs: PageCrumbs | null) => void>(
  () => undefined,
);

/**
 * Names the open page in the breadcrumb bar from its data (e.g. the deal's phase), in place of
 * its route's `handle.crumb`, while the page is open. The route's crumb shows until the page
 * passes a list (null while loading). Pass a stable list: a new one each render re-renders the
 * shell each time.
 */
export function usePageCrumbs(crumbs: readonly PageCrumb[] | null): void {
  const setPageCrumbs = useContext(PageCrumbsContext);
  const { pathname } = useLocation();
  // Before paint, so the route's crumb does not flash after the page's.
  useLayoutEffect(() => {
    if (!crumbs) return;
    setPageCrumbs({ pathname, crumbs });
    return () => setPageCrumbs(null);
  }, [setPageCrumbs, pathname, crumbs]);
}

type CrumbMatch = Pick<UIMatch, 'id' | 'pathname' | 'handle'>;

/**
 * The breadcrumbs of the routes matched, outermost first: each route's `handle.crumb`, the
 * innermost replaced by the page's own crumbs when it named them for this path.
 */
export function crumbsOf(
  matches: readonly CrumbMatch[],
  options: { pathname: string; page: PageCrumbs | null; label: (key: CrumbKey) => string },
): Crumb[] {
  const crumbs: Crumb[] = [];
  const push = (crumb: Crumb) => {
    // An index route repeats its parent's place; the inner, more specific name wins.
    if (crumbs.at(-1)?.to === crumb.to) crumbs.pop();
    crumbs.push(crumb);
  };
  let leaf: CrumbMatch | undefined;
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (!handle?.crumb) continue;
    leaf = match;
    push({
      key: match.id,
      label: options.label(handle.crumb),
      to: handle.crumbTo ?? match.pathname,
    });
  }
  const { page } = options;
  // A page's crumbs stay with its path: the next page's first render never shows them.
  if (!page || page.pathname !== options.pathname) return crumbs;
  if (leaf) crumbs.pop();
  page.crumbs.forEach((crumb, index) => {
    push({
      key: `${leaf?.id ?? 'page'}:${index}`,
      label: options.label(crumb.crumb),
      to: crumb.to ?? options.pathname,
    });
  });
  return crumbs;
}

/** The breadcrumbs of the current page, outermost first (with the crumbs the page named). */
export function useCrumbs(page: PageCrumbs | null = null): Crumb[] {
  const { t } = useTranslation();
  const matches = useMatches();
  const { pathname } = useLocation();
  return crumbsOf(matches, { pathname, page, label: (key) => t(`nav.${key}`) });
}
