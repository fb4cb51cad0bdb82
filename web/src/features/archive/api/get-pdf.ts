import { ApiError } from '../../../app/http';
import { archiveApi } from './archive-keys';

/** GET /api/v1/archive/items/:itemId/pdf: the file itself (same origin, the session cookie). */
export const pdfUrl = (itemId: string, isDownload = false) =>
  archiveApi(`/items/${encodeURIComponent(itemId)}/pdf${isDownload ? '?download=1' : ''}`);

/**
 * The file's bytes for the viewer. A refusal is an `ApiError` with the server's code and
 * params, as `apiFetch` makes it (only a success is a PDF; a refusal is the JSON error body).
 */
export async function getPdf(itemId: string, signal?: AbortSignal): Promise<ArrayBuffer> {
  let response: Response;
  try {
    response = await fetch(pdfUrl(itemId), { credentials: 'same-origin', signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', 'The server could not be reached.');
  }
  if (response.ok) return response.arrayBuffer();
  throw await refusalOf(response);
}

async function refusalOf(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => undefined)) as
    | { error?: { code?: unknown; message?: unknown; params?: unknown } }
    | undefined;
  const error = body?.error;
  const params = Object.fromEntries(
    Object.entries(typeof error?.params === 'object' && error.params ? error.params : {}).filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  );
  return new ApiError(
    response.status,
    typeof error?.code === 'string' ? error.code : `http_${response.status}`,
    typeof error?.message === 'string' ? error.message : response.statusText,
    params,
  );
}
