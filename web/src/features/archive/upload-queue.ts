import { cleanFileName, DEFAULT_ARCHIVE_MAX_BYTES } from '@pactum/core/archive';
import type { UploadProgress } from '../../ui/resumable-upload';
import type { DroppedFile } from './dropped-files';
import { refusalError, uploadRefusal } from './upload-check';

/** The part of a `ResumableUpload` the queue drives. */
export type UploadHandle = {
  start(): Promise<string>;
  pause(): void;
  resume(): void;
  cancel(): Promise<void> | void;
};

/**
 * Where a file of a batch stands: waiting its turn, going up, being filed into the folder,
 * filed, stopped (by the browser's check, the server or the network) or cancelled.
 */
export type UploadStage = 'queued' | 'uploading' | 'filing' | 'done' | 'failed';

/** One row of the uploads list. */
export type UploadRow = {
  key: number;
  name: string;
  /** The dropped folders between the target folder and the file. */
  path: readonly string[];
  stage: UploadStage;
  progress: UploadProgress;
  /** Why it failed: the browser's refusal (a LocalError) or the server's (an ApiError). */
  error: unknown;
  /** A lost connection: the upload can go on from where the server stands. */
  canResume: boolean;
};

export type UploadQueueOptions = {
  /** Starts sending one file (a ResumableUpload with purpose 'archive'). */
  createUpload: (
    file: File,
    name: string,
    onChange: (progress: UploadProgress) => void,
  ) => UploadHandle;
  /** Files a completed upload into the folder (POST …/folders/:folderId/files). */
  fileUpload: (uploadId: string, path: readonly string[]) => Promise<unknown>;
  /** Called after each file is filed (the listing refetches). */
  onFiled: () => void;
  /** Files going up at once. */
  concurrency?: number;
  /** How long a filed file's row stays (spec 1 §7: the preview is removed after 2 s). */
  doneLingerMs?: number;
  maxBytes?: number;
};

type Entry = {
  row: UploadRow;
  file: File;
  handle: UploadHandle | undefined;
};

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The files of one folder's uploads: each file is checked (PDF, size) before anything is sent,
 * then sent resumably, a few at a time, and filed into the folder with its dropped path. A
 * failure stops that file only; its row stays with the reason until dismissed. Framework-free:
 * the page reads `rows` through `subscribe`.
 */
export class UploadQueue {
  #entries: Entry[] = [];
  #rows: readonly UploadRow[] = [];
  #nextKey = 1;
  #isDisposed = false;
  readonly #listeners = new Set<() => void>();
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();
  readonly #options: Required<UploadQueueOptions>;

  constructor(options: UploadQueueOptions) {
    this.#options = {
      concurrency: 3,
      doneLingerMs: 2_000,
      maxBytes: DEFAULT_ARCHIVE_MAX_BYTES,
      ...options,
    };
  }

  get rows(): readonly UploadRow[] {
    return this.#rows;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** Adds dropped or chosen files: refused ones show why at once, the rest wait their turn. */
  add(files: readonly DroppedFile[]): void {
    for (const { file, path } of files) {
      const name = cleanFileName(file.name);
      const refusal = uploadRefusal(file, this.#options.maxBytes);
      this.#entries.push({
        file,
        handle: undefined,
        row: {
          key: this.#nextKey++,
          name,
          path,
          stage: refusal ? 'failed' : 'queued',
          progress: {
            status: refusal ? 'error' : 'running',
            name,
            offset: 0,
            size: file.size,
            uploadId: undefined,
            error: undefined,
          },
          error: refusal
            ? refusalError(refusal, { name, size: file.size }, this.#options.maxBytes)
            : undefined,
          canResume: false,
        },
      });
    }
    this.#publish();
    this.#pump();
  }

  pause(key: number): void {
    this.#find(key)?.handle?.pause();
  }

  /** Resumes a paused upload, or retries one stopped by the network where it stands. */
  resume(key: number): void {
    const entry = this.#find(key);
    if (!entry?.handle) return;
    if (entry.row.stage === 'failed') {
      if (!entry.row.canResume) return;
      this.#update(entry, { stage: 'uploading', error: undefined, canResume: false });
    }
    entry.handle.resume();
  }

  /** Cancels a file's upload (its row goes) or dismisses a failed or filed row. */
  cancel(key: number): void {
    const entry = this.#find(key);
    if (!entry) return;
    const isSending =
      entry.row.stage === 'uploading' || (entry.row.stage === 'failed' && entry.row.canResume);
    if (isSending) void entry.handle?.cancel();
    this.#remove(key);
    this.#pump();
  }

  /** The page goes away: uploads still running are cancelled on the server too. */
  dispose(): void {
    this.#isDisposed = true;
    for (const timer of this.#timers) clearTimeout(timer);
    for (const entry of this.#entries) {
      if (entry.row.stage === 'uploading' || entry.row.canResume) void entry.handle?.cancel();
    }
    this.#entries = [];
    this.#listeners.clear();
  }

  #pump(): void {
    const running = this.#entries.filter(
      (entry) => entry.row.stage === 'uploading' || entry.row.stage === 'filing',
    ).length;
    const waiting = this.#entries.filter((entry) => entry.row.stage === 'queued');
    for (const entry of waiting.slice(0, Math.max(0, this.#options.concurrency - running))) {
      void this.#run(entry);
    }
  }

  async #run(entry: Entry): Promise<void> {
    this.#update(entry, { stage: 'uploading' });
    const handle = this.#options.createUpload(entry.file, entry.row.name, (progress) => {
      if (!this.#has(entry)) return;
      // A lost connection leaves the upload waiting to be resumed (a refusal ends it below).
      const isStopped = progress.status === 'error' && entry.row.stage === 'uploading';
      this.#update(
        entry,
        isStopped
          ? { progress, stage: 'failed', error: progress.error, canResume: true }
          : { progress },
      );
    });
    entry.handle = handle;
    try {
      const uploadId = await handle.start();
      if (!this.#has(entry)) return;
      this.#update(entry, { stage: 'filing' });
      await this.#options.fileUpload(uploadId, entry.row.path);
      if (!this.#has(entry)) return;
      this.#update(entry, { stage: 'done' });
      this.#options.onFiled();
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        this.#remove(entry.row.key);
      }, this.#options.doneLingerMs);
      this.#timers.add(timer);
    } catch (error) {
      if (this.#has(entry) && !isAbort(error)) {
        this.#update(entry, {
          stage: 'failed',
          error,
          canResume: false,
          progress: { ...entry.row.progress, status: 'error' },
        });
      }
    } finally {
      if (!this.#isDisposed) this.#pump();
    }
  }

  #find(key: number): Entry | undefined {
    return this.#entries.find((entry) => entry.row.key === key);
  }

  #has(entry: Entry): boolean {
    return !this.#isDisposed && this.#entries.includes(entry);
  }

  #remove(key: number): void {
    this.#entries = this.#entries.filter((entry) => entry.row.key !== key);
    this.#publish();
  }

  #update(entry: Entry, patch: Partial<UploadRow>): void {
    entry.row = { ...entry.row, ...patch };
    this.#publish();
  }

  #publish(): void {
    if (this.#isDisposed) return;
    this.#rows = this.#entries.map((entry) => entry.row);
    for (const listener of this.#listeners) listener();
  }
}
