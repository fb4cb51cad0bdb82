import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { ResumableUpload } from '../../ui/resumable-upload';
import { addFile } from './api/add-file';
import { archiveKeys } from './api/archive-keys';
import type { UploadRow } from './upload-queue';
import { UploadQueue } from './upload-queue';

const noRows: readonly UploadRow[] = [];

/**
 * The uploads into one folder (spec 1 §2, §9): files sent resumably with purpose 'archive',
 * then filed into the folder with their dropped path; the folder refetches after each. Leaving
 * the folder cancels what is still going up.
 */
export function useUploadQueue(folderId: string) {
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState<UploadQueue | null>(null);
  useEffect(() => {
    const created = new UploadQueue({
      createUpload: (file, name, onChange) =>
        new ResumableUpload({ file, name, purpose: 'archive', onChange }),
      fileUpload: (uploadId, path) =>
        addFile(folderId, { uploadId, ...(path.length > 0 ? { path: [...path] } : {}) }),
      onFiled: () => void queryClient.invalidateQueries({ queryKey: archiveKeys.all }),
    });
    setQueue(created);
    return () => created.dispose();
  }, [folderId, queryClient]);
  const subscribe = useCallback(
    (listener: () => void) => queue?.subscribe(listener) ?? (() => undefined),
    [queue],
  );
  const rows = useSyncExternalStore(subscribe, () => queue?.rows ?? noRows);
  return { queue, rows };
}
