import { useCallback, useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs` (the search's 1000 ms after the last key),
 * and `flush` to take the current value at once (Enter in the field).
 */
export function useDebouncedValue<T>(value: T, delayMs: number): [T, () => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  const flush = useCallback(() => setSettled(value), [value]);
  return [settled, flush];
}
