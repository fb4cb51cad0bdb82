import { useEffect, useRef } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';

/**
 * Unticks a purchase confirmation when what it confirms changes (the amount, the currency,
 * the country's VAT): the ticked text must be the price that is charged.
 */
export function useUnconfirmOnChange<T extends FieldValues & { confirm: boolean }>(
  form: UseFormReturn<T, unknown, unknown>,
  what: string,
): void {
  const previous = useRef(what);
  useEffect(() => {
    if (previous.current === what) return;
    previous.current = what;
    const name = 'confirm' as Path<T>;
    if (form.getValues(name)) {
      form.setValue(name, false as PathValue<T, Path<T>>, { shouldValidate: true });
    }
  }, [what, form]);
}
