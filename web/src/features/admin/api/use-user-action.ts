import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from './admin-keys';

/**
 * A mutation of an admin action on one user: on success the user page, the user list and the
 * event log are read again.
 */
export function useUserAction<TBody, TResult>(
  userId: string,
  action: (userId: string, body: TBody) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) => action(userId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.user(userId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.users }),
        queryClient.invalidateQueries({ queryKey: adminKeys.events }),
      ]),
  });
}
