/**
 * Whether this build runs in a test environment (the drawer's TEST label and the dashboard's
 * disclaimer): a development build, or one built with VITE_PACTUM_ENV=test.
 */
export const isTestEnvironment: boolean =
  import.meta.env.MODE !== 'production' || import.meta.env.VITE_PACTUM_ENV === 'test';
