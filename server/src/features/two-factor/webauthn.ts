import type { Config } from '../../config';

/**
 * Where passkeys belong: the relying party is the host users reach Pactum at (PUBLIC_URL), and an
 * authenticator's answer must come from that origin or one of ALLOWED_ORIGINS.
 */
export function relyingParty(config: Config): { id: string; name: string; origins: string[] } {
  const url = new URL(config.publicUrl);
  return {
    id: url.hostname,
    name: 'Pactum',
    origins: [...new Set([url.origin, ...config.allowedOrigins.map((o) => new URL(o).origin)])],
  };
}

/** The WebAuthn library, loaded at the first passkey rather than at every start. */
export function loadWebAuthn() {
  return import('@simplewebauthn/server');
}
