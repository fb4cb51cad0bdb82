import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { loadValidationTexts } from './validation-texts';

/**
 * `zodResolver` for a shared schema that is fetched when the form is first checked (on submit),
 * so a light page shows its form without zod: the same schema and the same messages, a
 * moment later. `loadSchema` is a dynamic import of a module that only this path imports.
 */
export function lazyZodResolver<TInput extends FieldValues, TOutput>(
  loadSchema: () => Promise<z.ZodType<TOutput, TInput>>,
): Resolver<TInput, unknown, TOutput> {
  let resolver: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  const load = async () => {
    // The field texts come too, so the first errors show in words, not as keys.
    const [{ zodResolver }, schema] = await Promise.all([
      import('@hookform/resolvers/zod'),
      loadSchema(),
      loadValidationTexts(),
    ]);
    return zodResolver(schema) as unknown as Resolver<TInput, unknown, TOutput>;
  };
  return async (values, context, options) => {
    resolver ??= load().catch((error: unknown) => {
      // A failed fetch (a dropped connection) is tried again on the next submit.
      resolver = undefined;
      throw error;
    });
    return (await resolver)(values, context, options);
  };
}
