import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { writeParams } from './list-params';

type Values = Record<string, string | number | undefined>;

/**
 * An admin list's filters as the address holds them, and a way to change some of them. A
 * change of filter starts again at page 1; typing in a search field replaces the history entry
 * instead of adding one per pause.
 */
export function useListAddress<T extends Values>(read: (params: URLSearchParams) => T) {
  const [searchParams, setSearchParams] = useSearchParams();
  const values = useMemo(() => read(searchParams), [read, searchParams]);
  const update = useCallback(
    (changes: Partial<T>, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (current) => {
          const isPaging = Object.keys(changes).every((key) => key === 'page');
          return writeParams({ ...read(current), ...(isPaging ? {} : { page: 1 }), ...changes });
        },
        { replace: options.replace ?? false },
      );
    },
    [read, setSearchParams],
  );
  return [values, update] as const;
}
