import { useCallback, useEffect, useRef, useState } from 'react';

type DebouncedSave = {
  /** A change is waiting for its debounce or being saved. */
  isPending: boolean;
  /** Saves the waiting change now (Continue, Send); resolves when it is stored. */
  flush: () => Promise<void>;
  /** The latest failure, cleared by the next successful save. */
  error: unknown;
};

/**
 * Saves `value` `delayMs` after its last change (spec 2 §9 debounces), unless it equals the
 * stored value. `save` may throw; the error is kept and the value stays unsaved.
 */
export function useDebouncedSave<T, S = T>(
  value: T,
  stored: S,
  delayMs: number,
  save: (value: T) => Promise<unknown>,
  isEqual: (value: T, stored: S) => boolean = Object.is,
): DebouncedSave {
  const [isSaving, setIsSaving] = useState(false);
  const [error, setError] = useState<unknown>();
  const latest = useRef({ value, stored, save, isEqual });
  latest.current = { value, stored, save, isEqual };
  const inFlight = useRef<Promise<void> | undefined>(undefined);
  const isDirty = !isEqual(value, stored);

  const run = useCallback(async () => {
    await inFlight.current;
    const { value: current, stored: saved, save: store, isEqual: same } = latest.current;
    if (same(current, saved)) return;
    setIsSaving(true);
    const attempt = (async () => {
      try {
        await store(current);
        setError(undefined);
      } catch (caught) {
        setError(caught);
        throw caught;
      } finally {
        setIsSaving(false);
      }
    })();
    inFlight.current = attempt.catch(() => undefined);
    await attempt;
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each change of the value restarts the debounce
  useEffect(() => {
    if (!isDirty) return undefined;
    const timer = setTimeout(() => void run().catch(() => undefined), delayMs);
    return () => clearTimeout(timer);
  }, [value, isDirty, delayMs, run]);

  return { isPending: isDirty || isSaving, flush: run, error };
}

/**
 * A form field over a stored value: it shows the stored value (and follows it as the server's
 * copy arrives or changes) until the user edits it, and from then on the user's edit. Paired
 * with `useDebouncedSave`, only an edit is ever saved: a form whose data has not loaded yet, or
 * that was filled from a stale cached copy, never writes its empty state over stored data.
 */
export function useEditable<T>(
  stored: T,
): [value: T, edit: (next: T | ((current: T) => T)) => void, isEdited: boolean] {
  const [edited, setEdited] = useState<{ value: T } | undefined>(undefined);
  const storedRef = useRef(stored);
  storedRef.current = stored;
  const edit = useCallback((next: T | ((current: T) => T)) => {
    setEdited((current) => {
      const base = current ? current.value : storedRef.current;
      const value = typeof next === 'function' ? (next as (current: T) => T)(base) : next;
      return { value };
    });
  }, []);
  return [edited ? edited.value : stored, edit, edited !== undefined];
}
