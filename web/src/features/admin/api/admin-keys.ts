/*
 * The admin area's query keys, all under `['admin']`. An admin action refreshes the page it was
 * taken on, the lists that show the same rows and the event log that now records it.
 */
export const adminKeys = {
  all: ['admin'] as const,
  users: ['admin', 'users'] as const,
  user: (userId: string) => ['admin', 'user', userId] as const,
  documents: ['admin', 'documents'] as const,
  document: (kind: string, documentId: string) => ['admin', 'document', kind, documentId] as const,
  events: ['admin', 'events'] as const,
  workspaces: ['admin', 'workspaces'] as const,
  workspace: (workspaceId: string) => ['admin', 'workspace', workspaceId] as const,
};
