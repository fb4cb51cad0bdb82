import { useTranslation } from 'react-i18next';
import { type UIMatch, useMatches } from 'react-router';
import type en from '../../locales/en.json';

/** A key of the navigation texts (`nav.*`), naming a page in breadcrumbs and the toolbar. */
export type CrumbKey = keyof (typeof en)['nav'];

/** What a dashboard route tells the shell (react-router `handle`). */
export type RouteHandle = {
  /** The route's name in the breadcrumb bar. */
  crumb?: CrumbKey;
  /** Where the crumb links to, when not the route's own path (e.g. a layout route). */
  crumbTo?: string;
};

export type Crumb = { key: string; label: string; to: string };

function handleOf(match: UIMatch): RouteHandle | undefined {
  const handle = match.handle as RouteHandle | undefined;
  return handle?.crumb ? handle : undefined;
}

/** The breadcrumbs of the current page, outermost first. */
export function useCrumbs(): Crumb[] {
  const { t } = useTranslation();
  const matches = useMatches();
  const crumbs: Crumb[] = [];
  for (const match of matches) {
    const handle = handleOf(match);
    if (!handle?.crumb) continue;
    const to = handle.crumbTo ?? match.pathname;
    // An index route repeats its parent's place; the inner, more specific name wins.
    if (crumbs.at(-1)?.to === to) crumbs.pop();
    crumbs.push({ key: match.id, label: t(`nav.${handle.crumb}`), to });
  }
  return crumbs;
}
