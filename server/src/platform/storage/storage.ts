import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

export type StoredObject = { size: number; contentType: string };

/**
 * Where files live. Keys are chosen by the server (`newFileKey`), never taken from a user, so
 * no request can name another file or escape the store.
 */
export type FileStorage = {
  readonly kind: 'local' | 's3';
  put(
    key: string,
    body: Buffer | Readable,
    options: { contentType: string },
  ): Promise<StoredObject>;
  /** The whole file; throws `FileNotFoundError` when missing. */
  get(key: string): Promise<Buffer>;
  /** The file as a stream, for downloads; throws `FileNotFoundError` when missing. */
  stream(key: string): Promise<{ body: Readable } & StoredObject>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
};

export class FileNotFoundError extends Error {
  override name = 'FileNotFoundError';
}

const KEY_PATTERN = /^[a-z0-9-]+(\/[A-Za-z0-9_-]+(\.[A-Za-z0-9]+)?)+$/;

/** A fresh server-chosen key under a purpose prefix, e.g. `attachments/2026/11/<uuid>.pdf`. */
export function newFileKey(prefix: string, extension?: string, now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const key = `${prefix}/${now.getUTCFullYear()}/${month}/${randomUUID()}${extension ? `.${extension}` : ''}`;
  assertFileKey(key);
  return key;
}

export function assertFileKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.length > 300) throw new Error(`Invalid file key: ${key}`);
}
