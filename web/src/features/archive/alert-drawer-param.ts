import { ALERT_DRAWER_PARAM } from '@pactum/core/alerts';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** Whether the alert drawer is open (spec 1 §2: `?showAlertDrawer`), and toggling it. */
export function useAlertDrawerParam() {
  const [search, setSearch] = useSearchParams();
  const isOpen = search.has(ALERT_DRAWER_PARAM);
  const setOpen = useCallback(
    (isShown: boolean) =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          if (isShown) next.set(ALERT_DRAWER_PARAM, '');
          else next.delete(ALERT_DRAWER_PARAM);
          return next;
        },
        // Closing goes back in place; opening can be gone back from.
        { replace: !isShown },
      ),
    [setSearch],
  );
  const open = useCallback(() => setOpen(true), [setOpen]);
  const close = useCallback(() => setOpen(false), [setOpen]);
  return { isOpen, open, close, toggle: () => setOpen(!isOpen) };
}
