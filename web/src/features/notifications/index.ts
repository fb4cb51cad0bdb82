/* The front door of notifications: what other features may use of it. */

export type { NotificationItem } from './api';
export {
  notificationsQueryKey,
  useClearNotifications,
  useMarkNotificationsSeen,
  useNotifications,
} from './api';
export { notificationLine } from './notification-line';
export { notificationLink } from './notification-link';
export { useNotificationToasts } from './use-notification-toasts';
