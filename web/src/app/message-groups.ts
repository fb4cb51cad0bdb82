/**
 * The top-level groups of the message files (`locales/<lang>.json`) that the public pages use:
 * the app frame, sign-in, registration, e-mail links, invites, support and the error pages.
 * The build splits each language into these (loaded before the first render) and the rest
 * (loaded when the dashboard's routes are), see `messagePartsPlugin` in vite.config.ts.
 * A public page that starts using another group adds it here.
 */
export const FIRST_PAINT_MESSAGE_GROUPS = [
  'app',
  'common',
  'start',
  'login',
  'forgot',
  'resetSent',
  'signup',
  'ssoSignup',
  'ssoComplete',
  'verify',
  'invite',
  'legal',
  'support',
  'routeError',
  'notFound',
  'wip',
  'notifications',
] as const;

/** The two parts of a language's messages. */
export type MessagePart = 'first' | 'rest';
