/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** `test` marks a test installation (TEST label, disclaimer). */
  readonly VITE_PACTUM_ENV?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
