import type { Lang } from '@pactum/core/validation';

/** A failed API call: the HTTP status and the server's error code, params and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The values the code's text names (`{ name: 'Mary' }` for 'Locked by {{name}}'). */
    readonly params: Record<string, string | number> = {},
    /** Per-field messages of a 400 `validation_failed` (message keys or texts). */
    readonly fields: Record<string, string> = {},
    /** With a 429: the seconds to wait before trying again, when the server says. */
    readonly retryAfterSeconds: number | undefined = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Like `RequestInit`, but `body` is any JSON value (or FormData / Blob, sent as is). */
export type ApiRequestInit = Omit<RequestInit, 'body'> & { body?: unknown };

/** A failure of the web's own (not an answer of the server), with its text in each language. */
export class LocalError extends Error {
  constructor(readonly texts: Record<Lang, string>) {
    super(texts.en);
    this.name = 'LocalError';
  }
}

type ErrorBody = {
  error?: {
    code?: unknown;
    message?: unknown;
    params?: unknown;
    fields?: unknown;
    retryAfterSeconds?: unknown;
  };
};

/**
 * Calls the Pactum API with the session cookie and returns the parsed JSON response.
 * Throws `ApiError` for any non-2xx answer (status 0 when the server was not reached).
 */
export async function apiFetch<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const { body, headers: initHeaders, ...rest } = init;
  const headers = new Headers(initHeaders);
  headers.set('accept', 'application/json');
  const isRaw = body instanceof FormData || body instanceof Blob;
  if (body !== undefined && !isRaw) headers.set('content-type', 'application/json');

  let response: Response;
  try {
    response = await fetch(path, {
      ...rest,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : isRaw ? (body as BodyInit) : JSON.stringify(body),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', 'The server could not be reached.');
  }

  const text = await response.text();
  const data: unknown = text ? parseJson(text) : undefined;
  if (!response.ok) {
    const error = (data as ErrorBody | undefined)?.error;
    throw new ApiError(
      response.status,
      typeof error?.code === 'string' ? error.code : `http_${response.status}`,
      typeof error?.message === 'string' ? error.message : response.statusText,
      readParams(error?.params),
      readFields(error?.fields),
      readRetryAfter(error?.retryAfterSeconds, response.headers.get('retry-after')),
    );
  }
  return data as T;
}

function readParams(params: unknown): Record<string, string | number> {
  if (typeof params !== 'object' || params === null) return {};
  return Object.fromEntries(
    Object.entries(params).filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  );
}

function readFields(fields: unknown): Record<string, string> {
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** The wait of a 429 from the body, else from a Retry-After header in seconds. */
function readRetryAfter(fromBody: unknown, header: string | null): number | undefined {
  if (typeof fromBody === 'number' && Number.isFinite(fromBody) && fromBody >= 0) return fromBody;
  const seconds = header === null || header.trim() === '' ? Number.NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Whether a failed call means that the session has ended (or never began). */
export function isSessionEnded(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.code === 'unauthorized';
}
