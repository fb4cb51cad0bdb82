/**
 * Every query of the dashboard home lives under `['dashboard']`: the user's realtime topic
 * (`home.changed`, `user.updated`, `notification.created`) refetches all its widgets at once.
 */
export const dashboardQueryKey = ['dashboard'] as const;

/**
 * The home hears changes only while it is open, and the user's own actions elsewhere (a draft
 * made, a section saved) refresh no widget: coming back, the home shows what it had and asks
 * again at once.
 */
export const DASHBOARD_STALE_TIME = 0;
