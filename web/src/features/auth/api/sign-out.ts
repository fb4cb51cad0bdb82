import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';

/** POST /api/v1/auth/sign-out: ends this browser's session. */
export function signOut(): Promise<void> {
  return apiFetch<void>('/api/v1/auth/sign-out', { method: 'POST' });
}

/**
 * Signs out, forgets everything the cache held and loads the sign-in page afresh: a new
 * page also closes the realtime connection and every watch of the signed-out user (1 §4).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      window.location.replace('/login');
      queryClient.clear();
    },
  });
}
