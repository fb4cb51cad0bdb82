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
