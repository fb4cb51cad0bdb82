/** A workspace as GET /api/v1/workspaces lists it: a verified card workspace the caller edits. */
export const workspaceListItem = (id: string, title: string, credits = 5) => ({
  id,
  title,
  type: 'card',
  credits,
  currency: 'EUR',
  isVerified: true,
  isRejected: false,
  isDemo: false,
  role: 'edit',
  createdAt: '2026-01-01T00:00:00.000Z',
});
