import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../../app';
import { loadConfig } from '../../config';
import { apiTokens, documentAccess, users, workspaceMembers } from '../../db/schema';
import { TOKEN_REFUSED_ROUTES } from '../../http/token-guard';
import { createPlatform } from '../../platform/platform';
import { createTestApp, type TestApp } from '../../test/app';
import { createDeal, createWorkspaceWith } from '../../test/deal-factory';
import { createUser, type TestUser } from '../../test/factories';
import { makeGroup, templateInput } from '../sharing/test-support';

/*
 * API tokens end to end: made and listed signed in, used with `Authorization: Bearer` on the
 * product's own routes, with their scope, revocation, expiry, rate limit and the reach of a
 * workspace token (what its maker reaches through its workspace, nothing of the maker's own).
 */

const ORIGIN = 'http://localhost:3000';
const FOREIGN = 'https://elsewhere.example';

let t: TestApp;
/** A second process on the same database, with a rate limit of 3 requests a minute. */
let other: TestApp;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let adminOfB: TestUser;
let workspaceA: string;
let workspaceB: string;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request as a program makes it: the bearer token, no cookie, no Origin unless given. */
function bearer(
  token: string,
  method: Method,
  url: string,
  payload?: unknown,
  options: { app?: TestApp; headers?: Record<string, string> } = {},
) {
  return (options.app ?? t).app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}`, ...options.headers },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

/** A request as the browser makes it: our Origin and the user's cookie. */
function browser(user: TestUser | undefined, method: Method, url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { origin: ORIGIN, ...(user ? { cookie: user.cookie } : {}) },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

type Created = {
  id: string;
  token: string;
  prefix: string;
  scope: 'read' | 'write';
  workspaceId: string | null;
  expiresAt: string | null;
};

async function personalToken(
  user: TestUser,
  scope: 'read' | 'write',
  extra: Record<string, unknown> = {},
) {
  const response = await browser(user, 'POST', '/me/api-tokens', {
    name: `${scope} token`,
    scope,
    ...extra,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as Created;
}

async function workspaceToken(workspaceId: string, scope: 'read' | 'write') {
  const response = await browser(owner, 'POST', `/workspaces/${workspaceId}/api-tokens`, {
    name: `Workspace ${scope}`,
    scope,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as Created;
}

function expectError(
  response: { statusCode: number; json(): unknown },
  status: number,
  code: string,
) {
  expect({ status: response.statusCode, body: response.json() }).toMatchObject({
    status,
    body: { error: { code } },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  other = await createTestApp({
    database: t.database,
    isWorker: false,
    env: { API_TOKEN_REQUESTS_PER_MINUTE: '3' },
  });
  [owner, member, stranger, adminOfB] = await Promise.all([
    createUser(t.platform),
    createUser(t.platform),
    createUser(t.platform),
    createUser(t.platform),
  ]);
  const { db } = t.platform.database;
  // The owner administers A (the member only views it) and belongs to B as well.
  workspaceA = await createWorkspaceWith(db, [owner, member], 'Alpha');
  workspaceB = await createWorkspaceWith(db, [adminOfB, owner], 'Beta');
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe('making and listing tokens', () => {
  it('shows a new token once and keeps only its hash', async () => {
    const created = await personalToken(owner, 'read', { expiresInDays: 30 });
    expect(created.token).toMatch(/^pct_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.token.slice(0, 12));
    expect(created.workspaceId).toBeNull();
    expect(new Date(created.expiresAt ?? 0).getTime()).toBeGreaterThan(
      Date.now() + 29 * 86_400_000,
    );

    const [row] = await t.platform.database.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.id, created.id));
    expect(row?.tokenHash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.token);
    expect(JSON.stringify(row)).not.toContain(created.token.slice(12));

    const list = await browser(owner, 'GET', '/me/api-tokens');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.token.slice(12));
    const listed = (list.json() as Record<string, unknown>[]).find(
      (item) => item.id === created.id,
    );
    expect(listed).toMatchObject({
      name: 'read token',
      scope: 'read',
      prefix: created.prefix,
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(listed).not.toHaveProperty('token');
  });

  it('refuses bad input with the field named', async () => {
    for (const payload of [
      { name: '', scope: 'read' },
      { name: 'x', scope: 'admin' },
      { name: 'x', scope: 'read', expiresInDays: 400 },
    ]) {
      expectError(
        await browser(owner, 'POST', '/me/api-tokens', payload),
        400,
        'validation_failed',
      );
    }
    expectError(await browser(undefined, 'GET', '/me/api-tokens'), 401, 'unauthorized');
  });

  it('notes the last use at most once a minute', async () => {
    const { id, token } = await personalToken(owner, 'read');
    expect((await bearer(token, 'GET', '/me')).statusCode).toBe(200);
    const lastUsed = async () =>
      (await t.platform.database.db.select().from(apiTokens).where(eq(apiTokens.id, id)))[0]
        ?.lastUsedAt;
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    expect((await bearer(token, 'GET', '/me')).statusCode).toBe(200);
    expect(await lastUsed()).toEqual(first);
    const listed = (await browser(owner, 'GET', '/me/api-tokens')).json() as {
      id: string;
      lastUsedAt: string | null;
    }[];
    expect(listed.find((item) => item.id === id)?.lastUsedAt).toBe(first?.toISOString());
  });
});

describe('a personal token', () => {
  it('works on the product routes as its user', async () => {
    const { token } = await personalToken(owner, 'read');
    const me = await bearer(token, 'GET', '/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: owner.id, email: owner.email });

    const { deal } = await createDeal(t.platform.database.db, { sender: owner, title: 'Own' });
    const list = await bearer(token, 'GET', '/deals?group=negotiate');
    expect(list.statusCode).toBe(200);
    expect((list.json() as { deals: { id: string }[] }).deals.map((d) => d.id)).toContain(deal.id);
    expect((await bearer(token, 'GET', `/deals/${deal.id}`)).statusCode).toBe(200);
    const workspace = await bearer(token, 'GET', `/workspaces/${workspaceA}`);
    expect(workspace.statusCode).toBe(200);
    expect(workspace.json()).toMatchObject({ id: workspaceA, role: 'edit' });
    // Cookies are not read once a bearer token is given.
    const withCookie = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${token}`, cookie: stranger.cookie },
    });
    expect(withCookie.json()).toMatchObject({ id: owner.id });
  });

  it('reads only when read-only, and writes as its user when it may', async () => {
    const read = await personalToken(owner, 'read');
    const write = await personalToken(owner, 'write');
    const template = await bearer(write.token, 'POST', '/templates', templateInput('By token'));
    expect(template.statusCode).toBe(201);
    const templateId = (template.json() as { id: string }).id;
    expect(template.json()).toMatchObject({ title: 'By token' });

    const writes: [Method, string, unknown][] = [
      ['POST', '/templates', templateInput()],
      ['PATCH', `/templates/${templateId}`, { title: 'Renamed' }],
      ['PATCH', '/me', { lang: 'fi' }],
      ['DELETE', `/templates/${templateId}`, undefined],
      ['PUT', `/templates/${templateId}/tags`, { tagIds: [] }],
    ];
    for (const [method, url, payload] of writes) {
      expectError(await bearer(read.token, method, url, payload), 403, 'token_read_only');
    }
    for (const url of ['/me', `/templates/${templateId}`, '/templates', '/workspaces']) {
      expect((await bearer(read.token, 'GET', url)).statusCode).toBe(200);
    }
    const renamed = await bearer(write.token, 'PATCH', `/templates/${templateId}`, {
      title: 'Renamed',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Renamed' });
    expect((await bearer(write.token, 'DELETE', `/templates/${templateId}`)).statusCode).toBe(204);
  });
});

describe('tokens that no longer work', () => {
  it('refuses a revoked token at once, in every process', async () => {
    const { id, token } = await personalToken(owner, 'read');
    expect((await bearer(token, 'GET', '/me')).statusCode).toBe(200);
    expect((await bearer(token, 'GET', '/me', undefined, { app: other })).statusCode).toBe(200);

    const revoked = await browser(owner, 'DELETE', `/me/api-tokens/${id}`);
    expect(revoked.statusCode).toBe(200);
    const revokedAt = (revoked.json() as { revokedAt: string }).revokedAt;
    expect(revokedAt).toEqual(expect.any(String));
    expectError(await bearer(token, 'GET', '/me'), 401, 'token_invalid');
    expectError(await bearer(token, 'GET', '/me', undefined, { app: other }), 401, 'token_invalid');

    // Revoking again changes nothing; the list keeps the revoked token.
    const again = await browser(owner, 'DELETE', `/me/api-tokens/${id}`);
    expect(again.json()).toMatchObject({ id, revokedAt });
    const list = (await browser(owner, 'GET', '/me/api-tokens')).json() as { id: string }[];
    expect(list.map((item) => item.id)).toContain(id);
  });

  it('refuses an expired token', async () => {
    const { id, token } = await personalToken(owner, 'read', { expiresInDays: 1 });
    expect((await bearer(token, 'GET', '/me')).statusCode).toBe(200);
    await t.platform.database.db
      .update(apiTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(apiTokens.id, id));
    expectError(await bearer(token, 'GET', '/me'), 401, 'token_invalid');
  });

  it('refuses unknown and malformed tokens, and an empty bearer', async () => {
    const unknown = `pct_${randomBytes(32).toString('base64url')}`;
    for (const token of [unknown, 'garbage', 'pct_', '', `${unknown}x`]) {
      expectError(await bearer(token, 'GET', '/me'), 401, 'token_invalid');
      expectError(await bearer(token, 'GET', '/templates'), 401, 'token_invalid');
    }
  });

  it('does not let another user revoke the token', async () => {
    const { id, token } = await personalToken(owner, 'read');
    expectError(await browser(stranger, 'DELETE', `/me/api-tokens/${id}`), 404, 'token_not_found');
    expect((await bearer(token, 'GET', '/me')).statusCode).toBe(200);
  });
});

describe('logs', () => {
  it('never write a token', async () => {
    const { token } = await personalToken(owner, 'read');
    const lines: string[] = [];
    // A process that only answers (its jobs never start), logging as production does.
    const platform = await createPlatform(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: t.platform.config.dataDir, PUBLIC_URL: ORIGIN }),
      t.database,
    );
    const logged = await buildApp({
      platform,
      logger: {
        ...(loggerOptions('debug') as object),
        stream: { write: (line: string) => lines.push(line) },
      },
      webDistDir: '/nowhere',
    });
    try {
      for (const value of [token, `${token}x`]) {
        await logged.inject({
          method: 'GET',
          url: '/api/v1/me',
          headers: { authorization: `Bearer ${value}` },
        });
      }
    } finally {
      await logged.close();
    }
    expect(lines.join('\n')).toContain('/api/v1/me');
    expect(lines.join('\n')).not.toContain(token.slice(4));
  });
});

describe('rate limit per token', () => {
  it('answers 429 with Retry-After over the limit, for that token only', async () => {
    const first = await personalToken(owner, 'read');
    const second = await personalToken(owner, 'read');
    for (let i = 0; i < 3; i++) {
      expect((await bearer(first.token, 'GET', '/me', undefined, { app: other })).statusCode).toBe(
        200,
      );
    }
    const refused = await bearer(first.token, 'GET', '/me', undefined, { app: other });
    expectError(refused, 429, 'token_rate_limited');
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(20);
    expect(refused.json()).toMatchObject({ error: { retryAfterSeconds: wait } });
    expect((await bearer(second.token, 'GET', '/me', undefined, { app: other })).statusCode).toBe(
      200,
    );
  });
});

describe('cross-site rules', () => {
  it('takes a bearer request without a cookie from any Origin', async () => {
    const { token } = await personalToken(owner, 'write');
    const made = await bearer(token, 'POST', '/templates', templateInput('From a server'), {
      headers: { origin: FOREIGN, 'sec-fetch-site': 'cross-site' },
    });
    expect(made.statusCode).toBe(201);
  });

  it('keeps refusing a foreign Origin with a cookie, token or not', async () => {
    const { token } = await personalToken(owner, 'write');
    const cookieOnly = await t.app.inject({
      method: 'POST',
      url: '/api/v1/templates',
      headers: { origin: FOREIGN, cookie: owner.cookie },
      payload: templateInput(),
    });
    expectError(cookieOnly, 403, 'cross_site_refused');
    const both = await bearer(token, 'POST', '/templates', templateInput(), {
      headers: { origin: FOREIGN, cookie: owner.cookie },
    });
    expectError(both, 403, 'cross_site_refused');
  });
});

describe('routes a token never reaches', () => {
  it('refuses sign-in, token management and signing to any token', async () => {
    const { token } = await personalToken(owner, 'write');
    const anyId = randomUUID();
    const refused: [Method, string, unknown][] = [
      ['POST', '/auth/sign-in', { email: owner.email, password: owner.password }],
      ['POST', '/auth/sign-out', undefined],
      ['POST', '/auth/change-password', { currentPassword: 'x', newPassword: 'y' }],
      ['GET', '/me/api-tokens', undefined],
      ['POST', '/me/api-tokens', { name: 'Spawn', scope: 'write' }],
      ['DELETE', `/me/api-tokens/${anyId}`, undefined],
      ['GET', `/workspaces/${workspaceA}/api-tokens`, undefined],
      ['POST', `/workspaces/${workspaceA}/api-tokens`, { name: 'Spawn', scope: 'write' }],
      ['POST', `/deals/${anyId}/signers/${anyId}/sign`, {}],
      ['POST', `/deals/${anyId}/signers/${anyId}/code`, undefined],
      ['POST', `/deals/${anyId}/signers/${anyId}/code/verify`, { code: '123456' }],
      ['GET', '/live', undefined],
    ];
    for (const [method, url, payload] of refused) {
      expectError(await bearer(token, method, url, payload), 403, 'token_not_allowed');
    }
    // Made signed in, nothing was made by the token.
    const count = await t.platform.database.db
      .select({ name: apiTokens.name })
      .from(apiTokens)
      .where(eq(apiTokens.name, 'Spawn'));
    expect(count).toEqual([]);
  });

  it('names real routes in its list of refusals', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    const routes = [
      ...Object.keys(document.paths).map((path) => path.replace(/\{(\w+)\}/g, ':$1')),
      // Hidden from the document: the realtime socket and the single sign-on callback.
      '/api/v1/live',
      '/api/auth/callback/:providerId',
    ];
    const unmatched = TOKEN_REFUSED_ROUTES.filter(
      (rule) =>
        !routes.some((url) =>
          typeof rule.url === 'string' ? rule.url === url : rule.url.test(url),
        ),
    );
    expect(unmatched).toEqual([]);
  });
});

describe('workspace token management', () => {
  it('is for the workspace’s administrators only', async () => {
    const created = await workspaceToken(workspaceA, 'read');
    expect(created.workspaceId).toBe(workspaceA);
    const listed = (await browser(owner, 'GET', `/workspaces/${workspaceA}/api-tokens`)).json();
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: created.id, workspaceId: workspaceA }),
      ]),
    );
    // A personal list does not show workspace tokens.
    const personal = (await browser(owner, 'GET', '/me/api-tokens')).json() as { id: string }[];
    expect(personal.map((item) => item.id)).not.toContain(created.id);

    const base = `/workspaces/${workspaceA}/api-tokens`;
    for (const [who, status, code] of [
      [member, 403, 'administrators_only'],
      [stranger, 404, 'not_found'],
      [adminOfB, 404, 'not_found'],
    ] as const) {
      expectError(await browser(who, 'GET', base), status, code);
      expectError(await browser(who, 'POST', base, { name: 'Mine', scope: 'write' }), status, code);
      expectError(await browser(who, 'DELETE', `${base}/${created.id}`), status, code);
    }
    // Nor through another workspace's routes.
    expectError(
      await browser(adminOfB, 'DELETE', `/workspaces/${workspaceB}/api-tokens/${created.id}`),
      404,
      'token_not_found',
    );
    expect((await bearer(created.token, 'GET', `/workspaces/${workspaceA}`)).statusCode).toBe(200);
  });
});

describe('a workspace token', () => {
  let sharedDeal: string;
  let ownDeal: string;
  let dealOfB: string;
  let groupTemplate: string;
  let othersGroupTemplate: string;
  let ownTemplate: string;

  beforeAll(async () => {
    const { db } = t.platform.database;
    sharedDeal = (
      await createDeal(db, {
        sender: member,
        title: 'Shared with Alpha',
        workspaceAccess: { workspaceId: workspaceA, role: 'edit' },
      })
    ).deal.id;
    ownDeal = (await createDeal(db, { sender: owner, title: 'Owner’s own' })).deal.id;
    dealOfB = (
      await createDeal(db, {
        sender: adminOfB,
        title: 'Shared with Beta',
        workspaceAccess: { workspaceId: workspaceB, role: 'edit' },
      })
    ).deal.id;
    // Templates the member shares with a group of A the owner is in, and with one the owner is
    // not in; one the owner keeps to themself.
    const shareWithGroup = async (title: string, memberIds: string[]) => {
      const made = await browser(member, 'POST', '/templates', templateInput(title));
      const templateId = (made.json() as { id: string }).id;
      await db.insert(documentAccess).values({
        collection: 'templates',
        documentId: templateId,
        groupId: await makeGroup(t, workspaceA, memberIds),
        role: 'edit',
        createdBy: member.id,
      });
      return templateId;
    };
    groupTemplate = await shareWithGroup('Group template', [member.id, owner.id]);
    othersGroupTemplate = await shareWithGroup('Others’ group template', [member.id]);
    ownTemplate = (
      (await browser(owner, 'POST', '/templates', templateInput('Mine'))).json() as {
        id: string;
      }
    ).id;
  });

  it('reaches what its maker reaches through the workspace and nothing of the maker’s own', async () => {
    const { token } = await workspaceToken(workspaceA, 'read');
    // The person reaches all of these.
    for (const url of [`/deals/${ownDeal}`, `/deals/${dealOfB}`, `/templates/${ownTemplate}`]) {
      expect((await browser(owner, 'GET', url)).statusCode).toBe(200);
    }
    expect((await bearer(token, 'GET', `/deals/${sharedDeal}`)).statusCode).toBe(200);
    expect((await bearer(token, 'GET', `/templates/${groupTemplate}`)).statusCode).toBe(200);
    // Nor what a group of the workspace reaches that its maker is not in (issue 35).
    expect((await browser(owner, 'GET', `/templates/${othersGroupTemplate}`)).statusCode).toBe(404);
    for (const url of [
      `/templates/${othersGroupTemplate}`,
      `/deals/${ownDeal}`,
      `/deals/${ownDeal}/signing`,
      `/deals/${dealOfB}`,
      `/templates/${ownTemplate}`,
      `/workspaces/${workspaceB}`,
      `/workspaces/${workspaceB}/transactions`,
    ]) {
      expectError(await bearer(token, 'GET', url), 404, 'not_found');
    }

    const deals = (await bearer(token, 'GET', '/deals?group=negotiate&pageSize=50')).json() as {
      deals: { id: string }[];
    };
    const dealIds = deals.deals.map((deal) => deal.id);
    expect(dealIds).toContain(sharedDeal);
    expect(dealIds).not.toContain(ownDeal);
    expect(dealIds).not.toContain(dealOfB);

    const templates = await bearer(token, 'GET', '/templates');
    expect(templates.body).toContain(groupTemplate);
    expect(templates.body).not.toContain(ownTemplate);
    expect(templates.body).not.toContain(othersGroupTemplate);

    const workspaces = (await bearer(token, 'GET', '/workspaces')).json() as { id: string }[];
    expect(workspaces.map((workspace) => workspace.id)).toEqual([workspaceA]);
    const suggestions = await bearer(token, 'GET', '/sharing/suggestions');
    expect(suggestions.statusCode).toBe(200);
    expect(suggestions.body).not.toContain(workspaceB);
  });

  it('is refused the person’s own routes', async () => {
    const { token } = await workspaceToken(workspaceA, 'write');
    const refused: [Method, string, unknown][] = [
      ['GET', '/me', undefined],
      ['PATCH', '/me', { lang: 'fi' }],
      ['POST', '/me/rebuild-counters', undefined],
      ['GET', '/notifications', undefined],
      ['POST', '/notifications/seen', {}],
      ['PATCH', '/signing/defaults', { font: 'x' }],
      ['GET', '/send-pdf/draft', undefined],
      ['POST', '/workspaces', {}],
      ['GET', '/admin/workspaces', undefined],
      ['GET', '/admin/events', undefined],
      ['GET', `/admin/workspaces/${workspaceA}`, undefined],
      ['POST', `/admin/workspaces/${workspaceA}/credits`, { amount: 5, reason: 'Token test' }],
      ['POST', `/invites/deal/${randomUUID()}/claim`, undefined],
    ];
    for (const [method, url, payload] of refused) {
      expectError(await bearer(token, method, url, payload), 403, 'token_not_allowed');
    }
  });

  it('writes as the workspace: what it makes is the workspace’s', async () => {
    const write = await workspaceToken(workspaceA, 'write');
    const read = await workspaceToken(workspaceA, 'read');
    expect((await bearer(write.token, 'GET', `/workspaces/${workspaceA}`)).json()).toMatchObject({
      role: 'edit',
    });
    expect((await bearer(read.token, 'GET', `/workspaces/${workspaceA}`)).json()).toMatchObject({
      role: 'view',
    });

    // A change with a body runs in the workspace's scope too.
    expectError(
      await bearer(write.token, 'PATCH', `/templates/${ownTemplate}`, { title: 'Taken' }),
      404,
      'not_found',
    );
    const renamed = await bearer(write.token, 'PATCH', `/templates/${groupTemplate}`, {
      title: 'Renamed by the workspace',
    });
    expect(renamed.statusCode).toBe(200);

    // The same over a real connection, where the body arrives in the socket's own async context.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const overHttp = (templateId: string) =>
      fetch(`${address}/api/v1/templates/${templateId}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${write.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Over HTTP' }),
      });
    expect((await overHttp(ownTemplate)).status).toBe(404);
    expect((await overHttp(groupTemplate)).status).toBe(200);

    const made = await bearer(write.token, 'POST', '/templates', templateInput('Workspace made'));
    expect(made.statusCode).toBe(201);
    const templateId = (made.json() as { id: string }).id;
    expect((await bearer(read.token, 'GET', `/templates/${templateId}`)).statusCode).toBe(200);
    // The member reaches it through the workspace.
    expect((await browser(member, 'GET', `/templates/${templateId}`)).statusCode).toBe(200);
    const entries = await t.platform.database.db
      .select({ workspaceId: documentAccess.workspaceId })
      .from(documentAccess)
      .where(eq(documentAccess.documentId, templateId));
    expect(entries.map((entry) => entry.workspaceId)).toContain(workspaceA);

    // The maker's own counters still count everything they reach as a person.
    const [stored] = await t.platform.database.db
      .select({ counts: users.homeCounts })
      .from(users)
      .where(eq(users.id, owner.id));
    const rebuilt = await browser(owner, 'POST', '/me/rebuild-counters');
    expect(stored?.counts).toEqual((rebuilt.json() as { counts: unknown }).counts);
  });

  it('stops working when its maker leaves the workspace', async () => {
    const maker = await createUser(t.platform);
    await t.platform.database.db
      .insert(workspaceMembers)
      .values({ workspaceId: workspaceA, userId: maker.id, role: 'edit' });
    const created = await browser(maker, 'POST', `/workspaces/${workspaceA}/api-tokens`, {
      name: 'Leaver',
      scope: 'read',
    });
    const { token } = created.json() as Created;
    expect((await bearer(token, 'GET', `/workspaces/${workspaceA}`)).statusCode).toBe(200);
    await browser(owner, 'DELETE', `/workspaces/${workspaceA}/members/${maker.id}`);
    expectError(await bearer(token, 'GET', `/workspaces/${workspaceA}`), 401, 'token_invalid');
  });
});
