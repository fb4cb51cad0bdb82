import type {
  notificationItemSchema,
  notificationListSchema,
} from '@pactum/core/api/notifications';
import type { Wire } from '@pactum/core/api/wire';
import type { NotificationIds } from '@pactum/core/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../app/http';

/** One line of the notifications menu (merged notifications). */
export type NotificationItem = Wire<typeof notificationItemSchema>;
/** The menu as every notification route answers it. */
export type NotificationList = Wire<typeof notificationListSchema>;

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
