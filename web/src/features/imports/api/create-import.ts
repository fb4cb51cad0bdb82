import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { ImportDetail } from './get-import';

/** POST /api/v1/imports: starts converting a completed .docx upload. */
export function createImport(uploadId: string): Promise<ImportDetail> {
  return apiFetch('/api/v1/imports', { method: 'POST', body: { uploadId } });
}

export function useCreateImport() {
  return useMutation({ mutationFn: createImport });
}
