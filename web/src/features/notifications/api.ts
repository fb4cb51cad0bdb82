import type {
  notificationItemSchema,
  notificationListSchema,
  notificationPushSchema,
} from '@pactum/core/api/notifications';
import type { Wire } from '@pactum/core/api/wire';
import type { NotificationIds } from '@pactum/core/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../app/http';

/** One line of the notifications menu (merged notifications). */
export type NotificationItem = Wire<typeof notificationItemSchema>;
/** The menu as every notification route answers it. */
export type NotificationList = Wire<typeof notificationListSchema>;
/** POST /notifications/push: the notifications to show as toasts now. */
export type NotificationPush = Wire<typeof notificationPushSchema>;

/** Under the user's key, so that events on `user:<id>` refetch the menu too. */
export const notificationsQueryKey = (userId: string) => ['user', userId, 'notifications'] as const;

export const notificationsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: notificationsQueryKey(userId),
    queryFn: () => apiFetch<NotificationList>('/api/v1/notifications'),
  });

export function useNotifications(userId: string) {
  return useQuery(notificationsQueryOptions(userId));
}

/** POST /notifications/seen or /notifications/clear; the answer is the new list. */
function useNotificationAction(userId: string, action: 'seen' | 'clear') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationIds) =>
      apiFetch<NotificationList>(`/api/v1/notifications/${action}`, {
        method: 'POST',
        body: input,
      }),
    onSuccess: (list) => queryClient.setQueryData(notificationsQueryKey(userId), list),
  });
}

export const useMarkNotificationsSeen = (userId: string) => useNotificationAction(userId, 'seen');
export const useClearNotifications = (userId: string) => useNotificationAction(userId, 'clear');

/**
 * POST /notifications/push: the caller's notifications not pushed yet, marked pushed by this
 * answer, so each is shown as a toast once, in one tab.
 */
export function pushNotifications(): Promise<NotificationPush> {
  return apiFetch<NotificationPush>('/api/v1/notifications/push', { method: 'POST', body: {} });
}

/** POST /notifications/unsubscribe?token=: the mailed link turns e-mail notifications off. */
export function unsubscribe(token: string): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>(
    `/api/v1/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
    { method: 'POST', body: {} },
  );
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
