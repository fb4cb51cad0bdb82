/*
 * The front door of invites: a deal's receiver invites, as its sender manages them from the
 * deal's info panel (list, add, resend, remove), and their query key.
 */

export { invitesQueryKey } from './api/invites';
export { InvitesList } from './components/invites-list';
