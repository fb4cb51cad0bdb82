/**
 * The parts of `@pactum/core/auth` that bring zod along (the forms' schemas, and the messages
 * that live beside them), imported only dynamically: by `lazyZodResolver` when a form is first
 * checked and by `useAuthMessages` when such a message is shown, so the sign-in and sign-up
 * pages' first load carries no zod.
 */
export { authMessages, forgotPasswordSchema, signInSchema, signUpSchema } from '@pactum/core/auth';
