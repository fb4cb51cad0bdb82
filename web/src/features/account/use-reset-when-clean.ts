import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * Shows the saved values when they change (a save, or a change from another tab arriving
 * by realtime), unless the user is editing the form: typed text is never overwritten.
 */
export function useResetWhenClean<T extends FieldValues>(form: UseFormReturn<T>, values: T): void {
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(values);
  }, [form, values]);
}
