import { z } from 'zod';

/** The UI languages. */
export const languages = ['en', 'fi'] as const;
export type Language = (typeof languages)[number];

/** PATCH /api/v1/me: what a user may change of their own account here. */
export const updateMeSchema = z.strictObject({
  lang: z.enum(languages, { message: 'Language must be en or fi' }),
});
export type UpdateMe = z.infer<typeof updateMeSchema>;

export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  lang: z.string(),
  isAdmin: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;
