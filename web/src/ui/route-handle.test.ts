import { describe, expect, it } from 'vitest';
import { type CrumbKey, crumbsOf, type PageCrumbs } from './route-handle';

const label = (key: CrumbKey) => `<${key}>`;
const signRoute = [
  { id: 'dashboard', pathname: '/dashboard', handle: undefined },
  {
    id: 'sign',
    pathname: '/dashboard/documents/deals/d1/sign',
    handle: { crumb: 'reviewAndSign' },
  },
];
const pathname = '/dashboard/documents/deals/d1/sign';

describe('breadcrumbs', () => {
  it("show the route's crumb until the page names its own", () => {
    expect(crumbsOf(signRoute, { pathname, page: null, label })).toEqual([
      { key: 'sign', label: '<reviewAndSign>', to: pathname },
    ]);
  });

  it("put the page's crumbs in place of its route's", () => {
    const page: PageCrumbs = {
      pathname,
      crumbs: [
        { crumb: 'negotiate', to: '/dashboard/documents/negotiate' },
        { crumb: 'reviewAndSign' },
      ],
    };
    expect(crumbsOf(signRoute, { pathname, page, label })).toEqual([
      { key: 'sign:0', label: '<negotiate>', to: '/dashboard/documents/negotiate' },
      { key: 'sign:1', label: '<reviewAndSign>', to: pathname },
    ]);
  });

  it("keep a page's crumbs to its own path", () => {
    const page: PageCrumbs = {
      pathname: '/dashboard/documents/deals/d2/sign',
      crumbs: [{ crumb: 'signed' }],
    };
    expect(crumbsOf(signRoute, { pathname, page, label }).map((crumb) => crumb.label)).toEqual([
      '<reviewAndSign>',
    ]);
  });

  it('let an index route name its parent’s place', () => {
    const matches = [
      { id: 'drafts', pathname: '/dashboard/drafts', handle: { crumb: 'drafts' } },
      { id: 'list', pathname: '/dashboard/drafts', handle: { crumb: 'draft' } },
    ];
    expect(crumbsOf(matches, { pathname: '/dashboard/drafts', page: null, label })).toEqual([
      { key: 'list', label: '<draft>', to: '/dashboard/drafts' },
    ]);
  });
});
