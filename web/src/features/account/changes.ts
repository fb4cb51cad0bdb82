/** The fields of `after` whose value differs from `before` (shallow, for PATCH bodies). */
export function changedFields<T extends Record<string, unknown>>(before: T, after: T): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (after[key] !== before[key]) changes[key] = after[key];
  }
  return changes;
}
