/** The languages Pactum speaks: a user's language, and that of their mails and signatures. */
export const languages = ['en', 'fi'] as const;
export type Lang = (typeof languages)[number];
