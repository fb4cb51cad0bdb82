/** What an administrator's verification or rejection of a workspace names. */
export type AdminReview = {
  adminId: string;
  workspaceId: string;
  /** Why, for the event log (optional for a review). */
  reason?: string | undefined;
  ipAddress?: string | null;
};
