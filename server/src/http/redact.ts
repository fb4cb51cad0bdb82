/** Paths whose next segment is a secret (invite and signing links, one-time codes). */
const SECRET_PATHS = [
  /^(\/document\/(?:invite|sign)\/)[^/?#]+/,
  /^(\/api\/v1\/invites\/(?:invite|sign)\/)[^/?#]+/,
  /^(\/api\/v1\/signers\/)[^/?#]+/,
  /^(\/api\/v1\/files\/download\/)[^/?#]+/,
];

/** Query parameters whose values are secrets. */
const SECRET_QUERY_KEYS = /^(code|oobcode|token|key|secret|password|signature|state|session|sig)$/i;

/**
 * The URL as it may appear in a log: secret path segments and secret query values become
 * `[redacted]`. Logs never carry invite links, codes, tokens or passwords.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
  for (const pattern of SECRET_PATHS) pathname = pathname.replace(pattern, '$1[redacted]');
  if (!query) return pathname;
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=');
    const name = eq === -1 ? part : part.slice(0, eq);
    let decoded = name;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      // keep the raw name
    }
    return eq !== -1 && SECRET_QUERY_KEYS.test(decoded) ? `${name}=[redacted]` : part;
  });
  return `${pathname}?${parts.join('&')}`;
}
