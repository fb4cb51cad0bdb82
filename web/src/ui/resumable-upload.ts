import type { UploadCreated, UploadPurpose, UploadState } from '@pactum/core/files';
import { ApiError, apiFetch } from '../app/http';

/** Where an upload stands, as the progress row shows it (spec 2 §4.3, §4.6). */
export type UploadStatus = 'running' | 'paused' | 'done' | 'cancelled' | 'error';

export type UploadProgress = {
  status: UploadStatus;
  name: string;
  offset: number;
  size: number;
  uploadId: string | undefined;
  error: unknown;
};

type Send = typeof apiFetch;

/**
 * One file sent through the server's resumable upload protocol: announced with
 * `POST /uploads`, then chunk by chunk with `PATCH /uploads/:id` at the server's offset.
 * Pausing aborts the chunk in flight; resuming asks the server where the upload stands and
 * goes on from there, so a chunk lost to a pause or a dropped connection is sent again.
 * Framework-free so that it can be tested without a browser.
 */
export class ResumableUpload {
  #progress: UploadProgress;
  #chunkSize = 0;
  #controller: AbortController | undefined;
  #running: Promise<void> | undefined;
  readonly #file: Blob;
  readonly #purpose: UploadPurpose;
  readonly #onChange: (progress: UploadProgress) => void;
  readonly #send: Send;
  #resolveDone!: (uploadId: string) => void;
  #rejectDone!: (error: unknown) => void;
  /** Settles when the upload completes (with its id), fails or is cancelled. */
  readonly done: Promise<string>;

  constructor(options: {
    file: Blob;
    name: string;
    purpose: UploadPurpose;
    onChange: (progress: UploadProgress) => void;
    send?: Send;
  }) {
    this.#file = options.file;
    this.#purpose = options.purpose;
    this.#onChange = options.onChange;
    this.#send = options.send ?? apiFetch;
    this.#progress = {
      status: 'running',
      name: options.name,
      offset: 0,
      size: options.file.size,
      uploadId: undefined,
      error: undefined,
    };
    this.done = new Promise<string>((resolve, reject) => {
      this.#resolveDone = resolve;
      this.#rejectDone = reject;
    });
    // Callers that only watch progress need not handle the rejection.
    this.done.catch(() => {});
  }

  get progress(): UploadProgress {
    return this.#progress;
  }

  #set(patch: Partial<UploadProgress>) {
    this.#progress = { ...this.#progress, ...patch };
    this.#onChange(this.#progress);
  }

  /** Announces the file and sends it. */
  start(): Promise<string> {
    this.#running = this.#run(() => this.#announce());
    return this.done;
  }

  async #announce(): Promise<void> {
    const created = await this.#send<UploadCreated>('/api/v1/uploads', {
      method: 'POST',
      body: {
        name: this.#progress.name,
        size: this.#file.size,
        type: this.#file.type || 'application/octet-stream',
        purpose: this.#purpose,
      },
    });
    this.#chunkSize = created.chunkSize;
    this.#set({ uploadId: created.id, offset: created.offset });
  }

  pause(): void {
    if (this.#progress.status !== 'running') return;
    this.#set({ status: 'paused' });
    this.#controller?.abort();
  }

  resume(): void {
    if (this.#progress.status !== 'paused' && this.#progress.status !== 'error') return;
    this.#set({ status: 'running', error: undefined });
    const previous = this.#running ?? Promise.resolve();
    this.#running = previous.then(() =>
      this.#run(async () => {
        const id = this.#progress.uploadId;
        // Never announced (the server was not reached): announce it now.
        if (!id) return this.#announce();
        const state = await this.#send<UploadState>(`/api/v1/uploads/${id}`);
        this.#set({ offset: state.offset });
      }),
    );
  }

  async cancel(): Promise<void> {
    const wasDone = this.#progress.status === 'done' || this.#progress.status === 'cancelled';
    if (wasDone) return;
    this.#set({ status: 'cancelled' });
    this.#controller?.abort();
    const id = this.#progress.uploadId;
    this.#rejectDone(new DOMException('Upload cancelled', 'AbortError'));
    if (id) {
      await this.#send(`/api/v1/uploads/${id}`, { method: 'DELETE' }).catch(() => {});
    }
  }

  /** Runs `prepare` (announce or ask the offset) and then sends chunks until done or paused. */
  async #run(prepare: () => Promise<void>): Promise<void> {
    try {
      await prepare();
      while (this.#progress.status === 'running') {
        const id = this.#progress.uploadId;
        if (!id) return;
        const { offset, size } = this.#progress;
        const end = Math.min(offset + this.#chunkSize, size);
        this.#controller = new AbortController();
        let state: UploadState;
        try {
          state = await this.#send<UploadState>(`/api/v1/uploads/${id}`, {
            method: 'PATCH',
            headers: {
              'content-type': 'application/offset+octet-stream',
              'upload-offset': String(offset),
            },
            // An empty body at the end asks the server to finish an interrupted completion.
            body: this.#file.slice(offset, end),
            signal: this.#controller.signal,
          });
        } catch (error) {
          if (
            error instanceof ApiError &&
            (error.code === 'upload_offset_mismatch' || error.code === 'upload_completed')
          ) {
            // Out of step (a chunk sent twice): continue from where the server stands.
            const current = await this.#send<UploadState>(`/api/v1/uploads/${id}`);
            if (current.isComplete) state = current;
            else {
              this.#set({ offset: current.offset });
              continue;
            }
          } else throw error;
        }
        this.#set({ offset: state.offset });
        if (state.isComplete) {
          this.#set({ status: 'done' });
          this.#resolveDone(id);
          return;
        }
      }
    } catch (error) {
      const status = this.#progress.status;
      if (status === 'paused' || status === 'cancelled') return;
      this.#set({ status: 'error', error });
      // A refusal (size, type) is final; a lost connection can be resumed.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        this.#rejectDone(error);
      }
    }
  }
}
