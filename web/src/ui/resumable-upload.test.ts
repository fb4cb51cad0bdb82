import { describe, expect, it } from 'vitest';
import { ApiError, type ApiRequestInit } from '../app/http';
import { ResumableUpload, type UploadProgress } from './resumable-upload';

/** The server's protocol in memory: offsets, 409 on a wrong one, completion at the size. */
function fakeServer(options: {
  chunkSize: number;
  beforeChunk?: (offset: number) => Promise<void>;
}) {
  const uploads = new Map<string, { size: number; offset: number; bytes: number[] }>();
  const calls: string[] = [];
  const send = async <T>(path: string, init: ApiRequestInit = {}): Promise<T> => {
    const method = init.method ?? 'GET';
    calls.push(`${method} ${path}`);
    if (method === 'POST') {
      const body = init.body as { size: number };
      uploads.set('u1', { size: body.size, offset: 0, bytes: [] });
      return { id: 'u1', offset: 0, chunkSize: options.chunkSize } as T;
    }
    const upload = uploads.get('u1');
    if (!upload) throw new ApiError(404, 'not_found', 'Upload not found');
    const state = () =>
      ({
        offset: upload.offset,
        size: upload.size,
        isComplete: upload.offset === upload.size,
      }) as T;
    if (method === 'GET') return state();
    if (method === 'DELETE') {
      uploads.delete('u1');
      return undefined as T;
    }
    const offset = Number((init.headers as Record<string, string>)['upload-offset']);
    await options.beforeChunk?.(offset);
    if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    if (offset !== upload.offset)
      throw new ApiError(409, 'upload_offset_mismatch', 'wrong offset', { offset: upload.offset });
    const chunk = new Uint8Array(await (init.body as Blob).arrayBuffer());
    upload.bytes.push(...chunk);
    upload.offset += chunk.length;
    return state();
  };
  return { send, uploads, calls };
}

const file = (size: number) => new Blob([new Uint8Array(size).map((_, i) => i % 251)]);

describe('ResumableUpload', () => {
  it('sends the file chunk by chunk and reports progress', async () => {
    const server = fakeServer({ chunkSize: 4 });
    const seen: UploadProgress[] = [];
    const upload = new ResumableUpload({
      file: file(10),
      name: 'a.pdf',
      purpose: 'attachment',
      onChange: (progress) => seen.push(progress),
      send: server.send,
    });
    expect(await upload.start()).toBe('u1');
    expect(server.uploads.get('u1')?.bytes).toEqual([...new Uint8Array(10).map((_, i) => i % 251)]);
    expect(seen.map((p) => p.offset)).toEqual([0, 4, 8, 10, 10]);
    expect(upload.progress.status).toBe('done');
    expect(server.calls.filter((c) => c.startsWith('PATCH'))).toHaveLength(3);
  });

  it('pauses, then resumes from the offset the server reports', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = fakeServer({
      chunkSize: 4,
      beforeChunk: async (offset) => {
        if (offset === 4) await gate;
      },
    });
    const upload = new ResumableUpload({
      file: file(10),
      name: 'a.pdf',
      purpose: 'attachment',
      onChange: () => {},
      send: server.send,
    });
    const done = upload.start();
    await new Promise((resolve) => setTimeout(resolve, 10));
    upload.pause();
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(upload.progress).toMatchObject({ status: 'paused', offset: 4 });
    upload.resume();
    expect(await done).toBe('u1');
    expect(server.uploads.get('u1')?.offset).toBe(10);
    expect(server.calls).toContain('GET /api/v1/uploads/u1');
  });

  it('cancels: the upload is deleted on the server and `done` rejects', async () => {
    const server = fakeServer({
      chunkSize: 4,
      beforeChunk: () => new Promise((resolve) => setTimeout(resolve, 20)),
    });
    const upload = new ResumableUpload({
      file: file(10),
      name: 'a.pdf',
      purpose: 'attachment',
      onChange: () => {},
      send: server.send,
    });
    const done = upload.start();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await upload.cancel();
    await expect(done).rejects.toThrow('Upload cancelled');
    expect(server.uploads.has('u1')).toBe(false);
    expect(upload.progress.status).toBe('cancelled');
  });

  it('stops with the server’s refusal', async () => {
    const upload = new ResumableUpload({
      file: file(10),
      name: 'a.pdf',
      purpose: 'attachment',
      onChange: () => {},
      send: async () => {
        throw new ApiError(413, 'payload_too_large', 'Max file size for attachments is …');
      },
    });
    await expect(upload.start()).rejects.toThrow('Max file size');
    expect(upload.progress.status).toBe('error');
  });

  it('resumes after the server could not be reached, announcing the upload then', async () => {
    const server = fakeServer({ chunkSize: 4 });
    let isDown = true;
    const upload = new ResumableUpload({
      file: file(6),
      name: 'a.pdf',
      purpose: 'attachment',
      onChange: () => {},
      send: (path, init) => {
        if (isDown) return Promise.reject(new ApiError(0, 'network_error', 'unreachable'));
        return server.send(path, init);
      },
    });
    const done = upload.start();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(upload.progress.status).toBe('error');
    isDown = false;
    upload.resume();
    expect(await done).toBe('u1');
    expect(server.uploads.get('u1')?.offset).toBe(6);
  });
});
