import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';

/**
 * POST /api/v1/auth/change-email: a confirmation link goes to the new address; the address
 * changes when it is opened.
 */
export function changeEmail(body: { email: string }): Promise<void> {
  return apiFetch<void>('/api/v1/auth/change-email', { method: 'POST', body });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
