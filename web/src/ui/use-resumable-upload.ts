import type { uploadLimitsSchema } from '@pactum/core/api/files';
import type { Wire } from '@pactum/core/api/wire';
import { formatMb, type UploadPurpose } from '@pactum/core/files';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ChangeEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../app/http';
import { ResumableUpload, type UploadProgress } from './resumable-upload';

/** The size limit and chunk size (`GET /uploads/limits`). */
export type UploadLimits = Wire<typeof uploadLimitsSchema>;

/** GET /api/v1/uploads/limits: the size limit, checked here before a file is sent. */
export const uploadLimitsQueryOptions = queryOptions({
  queryKey: ['uploads', 'limits'],
  queryFn: () => apiFetch<UploadLimits>('/api/v1/uploads/limits'),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useUploadLimits() {
  return useQuery(uploadLimitsQueryOptions);
}

/**
 * One resumable upload at a time for a component: its progress, and pause, resume and cancel.
 * An upload still running when the component goes away is cancelled.
 */
export function useResumableUpload() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const current = useRef<ResumableUpload | null>(null);

  const start = useCallback((file: File, purpose: UploadPurpose) => {
    const upload = new ResumableUpload({ file, name: file.name, purpose, onChange: setProgress });
    current.current = upload;
    setProgress(upload.progress);
    return upload.start();
  }, []);
  const pause = useCallback(() => current.current?.pause(), []);
  const resume = useCallback(() => current.current?.resume(), []);
  const cancel = useCallback(() => {
    void current.current?.cancel();
  }, []);
  const clear = useCallback(() => {
    current.current = null;
    setProgress(null);
  }, []);

  useEffect(
    () => () => {
      const upload = current.current;
      if (upload && (upload.progress.status === 'running' || upload.progress.status === 'paused')) {
        void upload.cancel();
      }
    },
    [],
  );

  return { progress, start, pause, resume, cancel, clear };
}

export type FileUploadOptions = {
  purpose: UploadPurpose;
  /** Whether a file of this name is of the accepted type. */
  isAccepted: (name: string) => boolean;
  /** The notice for a file of another type. */
  wrongTypeNotice: string;
  /** Takes the finished upload's id (and clears the upload when it stays on the page). */
  onUploaded: (uploadId: string) => Promise<void>;
};

/**
 * The upload behind a file input: a file of another type, or larger than the limit, is stopped
 * here with its notice before anything is sent; otherwise it goes up resumably and
 * `onUploaded` gets its id. A cancelled upload is no failure; any other error is `failure`.
 */
export function useFileUpload({
  purpose,
  isAccepted,
  wrongTypeNotice,
  onUploaded,
}: FileUploadOptions) {
  const { t } = useTranslation();
  const limits = useUploadLimits();
  const upload = useResumableUpload();
  const [notice, setNotice] = useState<string>();
  const [failure, setFailure] = useState<unknown>();

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setNotice(undefined);
    setFailure(undefined);
    if (!file) return;
    if (!isAccepted(file.name)) {
      setNotice(wrongTypeNotice);
      return;
    }
    const maxBytes = limits.data?.maxBytes;
    if (maxBytes !== undefined && file.size > maxBytes) {
      setNotice(
        t('attachments.tooLarge', {
          max: formatMb(maxBytes),
          name: file.name,
          size: formatMb(file.size),
        }),
      );
      return;
    }
    try {
      await onUploaded(await upload.start(file, purpose));
    } catch (error) {
      upload.clear();
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setFailure(error);
    }
  };

  const status = upload.progress?.status;
  /** An upload is under way or stopped on an error (its row shows, a new one waits). */
  const isUploading = status === 'running' || status === 'paused' || status === 'error';

  return { upload, isUploading, notice, setNotice, failure, setFailure, onFile };
}
