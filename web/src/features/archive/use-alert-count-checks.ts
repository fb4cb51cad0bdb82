import { ALERT_COUNT_CHECKS_MS } from '@pactum/core/alerts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { archiveKeys } from './api/archive-keys';

/**
 * Checks a file's alert count again 5 s and 10 s after the file is opened (spec 1 §4, §9), so
 * the count kept on the file follows alerts delivered or changed meanwhile. It refetches the
 * file itself, not its alerts or tags.
 */
export function useAlertCountChecks(fileId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const timers = ALERT_COUNT_CHECKS_MS.map((delay) =>
      setTimeout(
        () =>
          void queryClient.invalidateQueries({ queryKey: archiveKeys.item(fileId), exact: true }),
        delay,
      ),
    );
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, [queryClient, fileId]);
}
