import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver, ResolverOptions } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Checks a form with a shared request schema when the form's values differ a little from the
 * request (a number typed as text, a part sent only for one kind of order): `toInput` makes the
 * request from the form's values, and the schema's messages land on the form's fields of the
 * same path. The submit handler gets the request as the schema parsed it.
 */
export function mappedZodResolver<TForm extends FieldValues, TInput extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput, TInput>,
  toInput: (values: TForm) => TInput,
): Resolver<TForm, unknown, TOutput> {
  const resolve = zodResolver(schema) as unknown as Resolver<TInput, unknown, TOutput>;
  return (values, context, options) =>
    resolve(toInput(values), context, options as unknown as ResolverOptions<TInput>) as ReturnType<
      Resolver<TForm, unknown, TOutput>
    >;
}
