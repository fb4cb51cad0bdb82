import type {
  adminEndSessionsBodySchema,
  adminEndSessionsResultSchema,
} from '@pactum/core/api/admin';
import type { Wire } from '@pactum/core/api/wire';
import { apiFetch } from '../../../app/http';
import { useUserAction } from './use-user-action';

export type EndSessionsBody = Wire<typeof adminEndSessionsBodySchema>;
export type EndSessionsResult = Wire<typeof adminEndSessionsResultSchema>;

/**
 * POST /api/v1/admin/users/:userId/sessions/end: signs the user out everywhere, or of the one
 * session `sessionId`.
 */
export function endUserSessions(userId: string, body: EndSessionsBody): Promise<EndSessionsResult> {
  return apiFetch<EndSessionsResult>(
    `/api/v1/admin/users/${encodeURIComponent(userId)}/sessions/end`,
    { method: 'POST', body },
  );
}

export function useEndUserSessions(userId: string) {
  return useUserAction(userId, endUserSessions);
}
