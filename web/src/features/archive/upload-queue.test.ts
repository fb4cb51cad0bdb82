import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/http';
import type { UploadProgress } from '../../ui/resumable-upload';
import { type UploadHandle, UploadQueue } from './upload-queue';

const pdf = (name: string, size = 10) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });

/** An upload the test finishes, fails or loses by hand. */
type FakeUpload = UploadHandle & {
  name: string;
  finish(id: string): void;
  refuse(error: unknown): void;
  lose(): void;
  cancelled: boolean;
  resumed: number;
};

function fakes() {
  const uploads: FakeUpload[] = [];
  const createUpload = (file: File, name: string, onChange: (p: UploadProgress) => void) => {
    let resolve!: (id: string) => void;
    let reject!: (error: unknown) => void;
    const done = new Promise<string>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const progress = (patch: Partial<UploadProgress>): UploadProgress => ({
      status: 'running',
      name,
      offset: 0,
      size: file.size,
      uploadId: 'u',
      error: undefined,
      ...patch,
    });
    const upload: FakeUpload = {
      name,
      cancelled: false,
      resumed: 0,
      start: () => done,
      pause: () => onChange(progress({ status: 'paused' })),
      resume: () => {
        upload.resumed += 1;
        onChange(progress({ status: 'running' }));
      },
      cancel: () => {
        upload.cancelled = true;
        reject(new DOMException('cancelled', 'AbortError'));
      },
      finish: (id) => {
        onChange(progress({ status: 'done', offset: file.size }));
        resolve(id);
      },
      refuse: (error) => {
        onChange(progress({ status: 'error', error }));
        reject(error);
      },
      lose: () => onChange(progress({ status: 'error', error: new Error('offline') })),
    };
    uploads.push(upload);
    return upload;
  };
  return { uploads, createUpload };
}

const flush = () => new Promise((done) => setTimeout(done, 0));

afterEach(() => {
  vi.useRealTimers();
});

describe('UploadQueue', () => {
  it('checks each file first and sends the rest a few at a time, filing each with its path', async () => {
    const { uploads, createUpload } = fakes();
    const filed: [string, readonly string[]][] = [];
    const onFiled = vi.fn();
    const queue = new UploadQueue({
      createUpload,
      fileUpload: async (uploadId, path) => {
        filed.push([uploadId, path]);
      },
      onFiled,
      concurrency: 2,
      maxBytes: 100,
    });
    queue.add([
      { file: pdf('a.pdf'), path: [] },
      { file: new File(['x'], 'notes.txt', { type: 'text/plain' }), path: [] },
      { file: pdf('big.pdf', 101), path: [] },
      { file: pdf('b.pdf'), path: ['Contracts'] },
      { file: pdf('c.pdf'), path: ['Contracts', 'Q1'] },
    ]);
    expect(queue.rows.map((row) => [row.name, row.stage])).toEqual([
      ['a.pdf', 'uploading'],
      ['notes.txt', 'failed'],
      ['big.pdf', 'failed'],
      ['b.pdf', 'uploading'],
      ['c.pdf', 'queued'],
    ]);
    expect(uploads.map((upload) => upload.name)).toEqual(['a.pdf', 'b.pdf']);

    uploads[1]?.finish('id-b');
    await flush();
    expect(filed).toEqual([['id-b', ['Contracts']]]);
    expect(onFiled).toHaveBeenCalledTimes(1);
    // Its place went to the next file.
    expect(uploads.map((upload) => upload.name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
    expect(queue.rows.find((row) => row.name === 'b.pdf')?.stage).toBe('done');
    queue.dispose();
  });

  it('shows the server’s refusal on the file’s row and lets it be dismissed', async () => {
    const { uploads, createUpload } = fakes();
    const queue = new UploadQueue({ createUpload, fileUpload: async () => {}, onFiled: () => {} });
    queue.add([{ file: pdf('a.pdf'), path: [] }]);
    const refusal = new ApiError(415, 'archive_not_pdf', 'not a pdf', { name: 'a.pdf' });
    uploads[0]?.refuse(refusal);
    await flush();
    const [row] = queue.rows;
    expect(row?.stage).toBe('failed');
    expect(row?.error).toBe(refusal);
    expect(row?.canResume).toBe(false);
    queue.cancel(row?.key ?? 0);
    expect(queue.rows).toEqual([]);
  });

  it('keeps a filing refusal on the row', async () => {
    const { uploads, createUpload } = fakes();
    const refusal = new ApiError(404, 'archive_item_not_found', 'gone');
    const queue = new UploadQueue({
      createUpload,
      fileUpload: () => Promise.reject(refusal),
      onFiled: () => {},
    });
    queue.add([{ file: pdf('a.pdf'), path: [] }]);
    uploads[0]?.finish('id-a');
    await flush();
    expect(queue.rows[0]?.stage).toBe('failed');
    expect(queue.rows[0]?.error).toBe(refusal);
  });

  it('lets an upload cut by the network go on, and removes a filed row after a moment', async () => {
    vi.useFakeTimers();
    const { uploads, createUpload } = fakes();
    const queue = new UploadQueue({
      createUpload,
      fileUpload: async () => {},
      onFiled: () => {},
      doneLingerMs: 2_000,
    });
    queue.add([{ file: pdf('a.pdf'), path: [] }]);
    uploads[0]?.lose();
    expect(queue.rows[0]).toMatchObject({ stage: 'failed', canResume: true });
    queue.resume(queue.rows[0]?.key ?? 0);
    expect(uploads[0]?.resumed).toBe(1);
    expect(queue.rows[0]?.stage).toBe('uploading');
    uploads[0]?.finish('id-a');
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.rows[0]?.stage).toBe('done');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(queue.rows).toEqual([]);
  });

  it('cancels what is still going up when the page goes away', () => {
    const { uploads, createUpload } = fakes();
    const queue = new UploadQueue({ createUpload, fileUpload: async () => {}, onFiled: () => {} });
    queue.add([{ file: pdf('a.pdf'), path: [] }]);
    queue.dispose();
    expect(uploads[0]?.cancelled).toBe(true);
  });
});
