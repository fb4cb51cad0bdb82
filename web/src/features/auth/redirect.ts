import type { SsoProvider } from '@pactum/core/auth';

/** Where a signed-in user lands by default. */
export const DASHBOARD_HOME = '/dashboard/home';

/** Pages that must not be returned to after signing in (they would bounce straight back). */
const AUTH_PATHS = ['/login', '/signup', '/sso'];

/**
 * The `redirect` query value when it is a path of this app, else the fallback. Only local
 * paths are followed, so that a crafted link cannot send the user to another site.
 */
export function safeRedirect(value: string | null | undefined, fallback = DASHBOARD_HOME): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return fallback;
  }
  // Control characters (a newline in the middle of a URL) are never part of our paths.
  if ([...value].some((char) => char < ' ' || char === '\u007f')) return fallback;
  const pathname = value.split(/[?#]/)[0] ?? value;
  if (AUTH_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`))) {
    return fallback;
  }
  return value;
}

/** A page's address with a `redirect` query back to `returnTo`, when there is one. */
export function withRedirect(pathname: string, returnTo: string | null | undefined): string {
  return returnTo ? `${pathname}?redirect=${encodeURIComponent(returnTo)}` : pathname;
}

/**
 * Where the browser goes (a full page load, not a fetch) to sign in with Google or
 * Microsoft; the server comes back to `/sso/complete?redirect=…`.
 */
export function ssoStartUrl(provider: SsoProvider, returnTo: string | null | undefined): string {
  return withRedirect(`/api/v1/auth/sso/${provider}`, returnTo ? safeRedirect(returnTo) : null);
}
