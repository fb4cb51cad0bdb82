import type { AdminDocumentKind } from '@pactum/core/admin';

/** Where the admin area's pages live (spec 3 §2.7). */
export const ADMIN_PATH = '/dashboard/admin';
export const ADMIN_BILLING_PATH = `${ADMIN_PATH}/billing`;
export const ADMIN_USERS_PATH = `${ADMIN_PATH}/users`;
export const ADMIN_DOCUMENTS_PATH = `${ADMIN_PATH}/documents`;
export const ADMIN_EVENTS_PATH = `${ADMIN_PATH}/events`;

export const adminUserPath = (userId: string) => `${ADMIN_USERS_PATH}/${userId}`;
export const adminDocumentPath = (kind: AdminDocumentKind, documentId: string) =>
  `${ADMIN_DOCUMENTS_PATH}/${kind}/${documentId}`;
export const adminWorkspacePath = (workspaceId: string) => `${ADMIN_BILLING_PATH}/${workspaceId}`;

/** The event log filtered to one user's or one document's events. */
export const adminEventsPath = (filter: { userId: string } | { documentId: string }) =>
  `${ADMIN_EVENTS_PATH}?${new URLSearchParams(filter)}`;
