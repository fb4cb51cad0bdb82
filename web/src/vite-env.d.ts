/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** `test` marks a test installation (TEST label, disclaimer). */
  readonly VITE_PACTUM_ENV?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** A part of a message file (`?part=first` or `?part=rest`, see vite.config.ts). */
declare module '*.json?part=first' {
  const messages: Record<string, unknown>;
  export default messages;
}
declare module '*.json?part=rest' {
  const messages: Record<string, unknown>;
  export default messages;
}
