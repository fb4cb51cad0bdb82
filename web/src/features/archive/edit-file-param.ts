import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The query that opens the document info dialog (spec 1 §2: `editFile`), naming the file. */
export const EDIT_FILE_PARAM = 'editFile';

/** An address's query (`?a=1&editFile=x`) without the document info dialog's parameter. */
export function withoutEditFile(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(EDIT_FILE_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The file whose document info dialog is open, and opening and closing it in the address. */
export function useEditFileParam() {
  const [search, setSearch] = useSearchParams();
  // The viewer opens it for its own file whatever the value (`?editFile=1`); lists name the file.
  const value = search.get(EDIT_FILE_PARAM);
  const fileId = value || undefined;
  const open = useCallback(
    (id: string) =>
      setSearch((current) => {
        const next = new URLSearchParams(current);
        next.set(EDIT_FILE_PARAM, id);
        return next;
      }),
    [setSearch],
  );
  const close = useCallback(
    () =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(EDIT_FILE_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return { value, fileId, open, close };
}
