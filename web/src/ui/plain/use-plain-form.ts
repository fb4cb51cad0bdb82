import type { Lang } from '@pactum/core/validation';
import { type FormEvent, useRef, useState } from 'react';
import type { z } from 'zod';
import { useLang } from '../use-lang';
import { loadValidationTexts, useTranslateMessage } from '../validation-texts';

/** A shared schema fetched on first use, as `lazyZodResolver` does for react-hook-form. */
export type LazySchema<TOut> = () => Promise<z.ZodType<TOut>>;

/**
 * `load` once (with the field texts, so the first errors show in words); a failed fetch (a
 * dropped connection) is tried again on the next call.
 */
export function lazySchema<TOut>(load: () => Promise<z.ZodType<TOut>>): LazySchema<TOut> {
  let schema: Promise<z.ZodType<TOut>> | undefined;
  return () => {
    schema ??= Promise.all([load(), loadValidationTexts()])
      .then(([loaded]) => loaded)
      .catch((error: unknown) => {
        schema = undefined;
        throw error;
      });
    return schema;
  };
}

type Errors<TValues> = Partial<Record<keyof TValues, string>>;

/** Each field's first message key (e.g. `v:email`), by the issue's top-level field. */
function errorsOf<TValues>(error: z.ZodError): Errors<TValues> {
  const errors: Errors<TValues> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as keyof TValues | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The plain kit's form state for a few text fields, checked by a shared schema: checked on
 * submit, then again on every change (react-hook-form's default modes), focusing the first
 * field in error. The sign-in card uses it so its route needs no form library.
 */
export function usePlainForm<TValues extends Record<string, string>, TOut>(
  schema: LazySchema<TOut>,
  defaultValues: TValues,
) {
  const lang: Lang = useLang();
  const [values, setValues] = useState(defaultValues);
  const [errors, setErrors] = useState<Errors<TValues>>({});
  const isChecked = useRef(false);
  const inputs = useRef<Partial<Record<keyof TValues, HTMLInputElement | null>>>({});
  const translate = useTranslateMessage(Object.keys(errors).length > 0);

  /** Checks `next`, shows its errors, and answers the parsed values or the errors. */
  const check = async (next: TValues) => {
    const result = (await schema()).safeParse(next);
    const found: Errors<TValues> = result.success ? {} : errorsOf<TValues>(result.error);
    setErrors(found);
    return { result, found };
  };

  const field = <K extends keyof TValues & string>(name: K) => {
    const key = errors[name];
    return {
      name,
      value: values[name],
      onChange: (value: string) => {
        const next = { ...values, [name]: value };
        setValues(next);
        if (isChecked.current) void check(next);
      },
      error: key ? (translate?.(key, lang) ?? key) : undefined,
      inputRef: (element: HTMLInputElement | null) => {
        inputs.current[name] = element;
      },
    };
  };

  /** The form's submit handler: `onValid` gets the parsed values when they pass. */
  const handleSubmit = (onValid: (parsed: TOut) => void) => (event: FormEvent) => {
    event.preventDefault();
    isChecked.current = true;
    void check(values).then(({ result, found }) => {
      if (result.success) {
        onValid(result.data);
        return;
      }
      const firstInvalid = Object.keys(values).find((name) => found[name] !== undefined);
      if (firstInvalid) inputs.current[firstInvalid]?.focus();
    });
  };

  return { values, field, handleSubmit };
}
