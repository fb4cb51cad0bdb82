import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../app/http';

/**
 * Puts the server's per-field messages of a 400 answer under the form's fields (the browser
 * checks the same schema first, so this is rare: e.g. a rule only the server knows).
 */
export function showFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly string[],
): void {
  if (!(error instanceof ApiError) || error.code !== 'validation_failed') return;
  for (const [field, message] of Object.entries(error.fields)) {
    if (fieldNames.includes(field)) setError(field as Path<T>, { type: 'server', message });
  }
}
