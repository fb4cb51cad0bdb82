import { createPrivateKey, generateKeyPairSync, type JsonWebKey, sign } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
// oidc-provider ships no type declarations; the little of it used here is typed below.
// @ts-expect-error TS7016: no declaration file for 'oidc-provider'
import Provider from 'oidc-provider';

/** A person with an identity at the test provider; `sub` is also what they type to log in. */
export type OidcAccount = { sub: string; email: string; givenName: string; familyName: string };

/** A relying party registered at the provider (code flow, PKCE, secret in the POST body). */
export type OidcClient = { clientId: string; clientSecret: string; redirectUris: string[] };

export type JwtClaims = Record<string, unknown>;

export type TestOidcProvider = {
  /** The issuer as relying parties see it: the proxy in front of the provider. */
  issuer: string;
  discoveryUrl: string;
  /**
   * While set, the token endpoint's answers carry an ID token whose claims `change` rewrote,
   * signed again with the provider's own key (so only the claims are wrong, not the signature).
   */
  tamperIdToken(change: ((claims: JwtClaims) => JwtClaims) | undefined): void;
  close(): Promise<void>;
};

type OidcProviderInstance = { callback(): http.RequestListener };
type OidcProviderClass = new (
  issuer: string,
  configuration: Record<string, unknown>,
) => OidcProviderInstance;

const KEY_ID = 'test-signing-key';

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

async function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

/** Signs `claims` as an RS256 JWT with the provider's signing key. */
function signJwt(claims: JwtClaims, privateJwk: JsonWebKey): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: KEY_ID }));
  const payload = base64url(JSON.stringify(claims));
  const key = createPrivateKey({ key: privateJwk, format: 'jwk' });
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), key);
  return `${header}.${payload}.${base64url(signature)}`;
}

function decodeJwtClaims(jwt: string): JwtClaims {
  const payload = jwt.split('.')[1];
  if (!payload) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as JwtClaims;
}

/**
 * A real OpenID provider (the `oidc-provider` package, with its development login and consent
 * pages) on 127.0.0.1 behind a small forwarding proxy. The proxy's address is the issuer, so
 * every request of the relying party passes through it, and it can rewrite the token
 * endpoint's ID token to test that the relying party refuses a wrong nonce or audience. The
 * signing key is made here, so a rewritten token still carries a valid signature.
 */
export async function startOidcProvider(options: {
  clients: OidcClient[];
  accounts: OidcAccount[];
}): Promise<TestOidcProvider> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateJwk: JsonWebKey = {
    ...privateKey.export({ format: 'jwk' }),
    kid: KEY_ID,
    alg: 'RS256',
    use: 'sig',
  };
  const accounts = new Map(options.accounts.map((account) => [account.sub, account]));
  let tamper: ((claims: JwtClaims) => JwtClaims) | undefined;
  let providerPort = 0;

  const proxy = http.createServer((request, response) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: providerPort,
        method: request.method,
        path: request.url,
        // The Host header stays the proxy's, so the provider builds its URLs on the issuer.
        headers: request.headers,
      },
      (answer) => {
        const change = tamper;
        const isTokenResponse = request.method === 'POST' && request.url === '/token';
        if (!change || !isTokenResponse || answer.statusCode !== 200) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const tokens = JSON.parse(Buffer.concat(chunks).toString('utf8')) as JwtClaims;
          if (typeof tokens.id_token === 'string') {
            tokens.id_token = signJwt(change(decodeJwtClaims(tokens.id_token)), privateJwk);
          }
          const body = JSON.stringify(tokens);
          const { 'content-length': _length, ...headers } = answer.headers;
          response.writeHead(200, { ...headers, 'content-length': Buffer.byteLength(body) });
          response.end(body);
        });
      },
    );
    upstream.on('error', () => {
      response.writeHead(502).end();
    });
    request.pipe(upstream);
  });
  const proxyPort = await listen(proxy);
  const issuer = `http://127.0.0.1:${proxyPort}`;

  const OidcProvider = Provider as OidcProviderClass;
  const provider = new OidcProvider(issuer, {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    jwks: { keys: [privateJwk] },
    cookies: { keys: ['oidc-test-cookie-key'] },
    // Set so the provider does not print a notice for each default lifetime it falls back to.
    ttl: { AccessToken: 600, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // Like Google and Microsoft, put the profile claims in the ID token of the code flow.
    conformIdTokenClaims: false,
    async findAccount(_context: unknown, sub: string) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: account.email,
            email_verified: true,
            given_name: account.givenName,
            family_name: account.familyName,
            name: `${account.givenName} ${account.familyName}`,
          };
        },
      };
    },
  });
  const server = http.createServer(provider.callback());
  providerPort = await listen(server);

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    tamperIdToken(change) {
      tamper = change;
    },
    async close() {
      await close(proxy);
      await close(server);
    },
  };
}

/**
 * A browser without a window: a cookie jar per origin and requests that never follow
 * redirects on their own, so a test can walk the OpenID redirects one by one.
 */
export class TestBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const target = new URL(url);
    const headers: Record<string, string> = {};
    const cookie = this.cookie(target.origin);
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(target, {
      method: init.method ?? 'GET',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    this.store(target.origin, response.headers.getSetCookie());
    return response;
  }

  /** The Cookie header this browser sends to `origin`. */
  cookie(origin: string): string {
    const jar = this.jars.get(origin);
    return jar ? [...jar].map(([name, value]) => `${name}=${value}`).join('; ') : '';
  }

  private store(origin: string, setCookies: string[]): void {
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    this.jars.set(origin, jar);
    for (const setCookie of setCookies) {
      const [pair = '', ...attributes] = setCookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const isExpired = attributes.some((attribute) => {
        const [key = '', setting = ''] = attribute.trim().split('=');
        if (key.toLowerCase() === 'max-age') return Number(setting) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(setting) <= Date.now();
        return false;
      });
      if (isExpired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }
}

/**
 * Follows the browser from the provider's authorization URL through its login (as `login`)
 * and consent pages until the provider sends it back to a URL starting with `returnTo`; that
 * URL is returned, not opened.
 */
export async function passProvider(
  browser: TestBrowser,
  options: { authorizationUrl: string; login: string; returnTo: string },
): Promise<string> {
  let url = options.authorizationUrl;
  for (let step = 0; step < 12; step += 1) {
    if (url.startsWith(options.returnTo)) return url;
    const response = await browser.request(url);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const page = await response.text();
    if (response.status !== 200) throw new Error(`provider answered ${response.status}: ${page}`);
    const prompt = /name="prompt" value="(login|consent)"/.exec(page)?.[1];
    if (!prompt) throw new Error(`unexpected provider page: ${page}`);
    const form: Record<string, string> =
      prompt === 'login' ? { prompt, login: options.login, password: 'any' } : { prompt };
    const submitted = await browser.request(url, { method: 'POST', form });
    const next = submitted.headers.get('location');
    if (!next) throw new Error(`provider did not redirect after ${prompt}: ${submitted.status}`);
    url = new URL(next, url).href;
  }
  throw new Error('too many redirects at the provider');
}
