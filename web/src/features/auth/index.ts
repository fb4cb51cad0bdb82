/* The front door of auth: what other features may use of it. */

export type { HomeCounts, Me } from './api/get-me';
export { meQueryKey, useMe } from './api/get-me';
export { useSendVerification } from './api/send-verification';
export { useSignOut } from './api/sign-out';
export { withRedirect } from './redirect';
