import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createWorkspaceWith, insertDeal } from '../../test/deal-factory';
import { createUser, type TestUser } from '../../test/factories';

/*
 * Every admin route refuses everyone but Pactum's own staff (issue 17): the matrix of every
 * route under /api/v1/admin (read from the API document, so a route added later is covered
 * without touching this file) and the deal restore, against an anonymous caller, a plain user,
 * an admin flag on another domain, an unverified admin on the staff domain and a product admin.
 */

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  minimum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};
type Operation = {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type Route = { method: string; path: string; operation: Operation };

const ORIGIN = 'http://localhost:3000';
/** The routes the admin contract names (packages/core/src/api/admin.ts). */
const CONTRACT_ROUTES = [
  'GET /api/v1/admin/users',
  'GET /api/v1/admin/users/{userId}',
  'POST /api/v1/admin/users/{userId}/sessions/end',
  'POST /api/v1/admin/users/{userId}/admin',
  'GET /api/v1/admin/documents',
  'GET /api/v1/admin/documents/{kind}/{documentId}',
  'POST /api/v1/admin/documents/deal/{documentId}/chain-check',
  'GET /api/v1/admin/events',
  'GET /api/v1/admin/workspaces',
  'GET /api/v1/admin/workspaces/{workspaceId}',
  'GET /api/v1/admin/workspaces/{workspaceId}/transactions',
  'POST /api/v1/admin/workspaces/{workspaceId}/credits',
  'POST /api/v1/admin/workspaces/{workspaceId}/verify',
  'POST /api/v1/admin/workspaces/{workspaceId}/reject',
  'POST /api/v1/deals/{dealId}/restore',
];

let t: TestApp;
let routes: Route[];
let callers: { name: string; cookie: string | undefined; status: number; code: string }[];
let admin: TestUser;
/** Real rows for the path parameters, so the admin's calls reach the service. */
let ids: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAIL_DOMAINS: 'pactum.fi' }, isWorker: false });
  const [plain, offDomain, unverified, staff, customer] = await Promise.all([
    createUser(t.platform),
    createUser(t.platform, { isAdmin: true }),
    createUser(t.platform, {
      isAdmin: true,
      emailVerified: false,
      email: `unverified-${randomUUID()}@pactum.fi`,
    }),
    createUser(t.platform, { isAdmin: true, email: `staff-${randomUUID()}@pactum.fi` }),
    createUser(t.platform),
  ]);
  admin = staff;
  callers = [
    { name: 'anonymous', cookie: undefined, status: 401, code: 'unauthorized' },
    { name: 'a plain user', cookie: plain.cookie, status: 403, code: 'forbidden' },
    {
      name: 'an admin on another domain',
      cookie: offDomain.cookie,
      status: 403,
      code: 'forbidden',
    },
    {
      name: 'an unverified staff admin',
      cookie: unverified.cookie,
      status: 403,
      code: 'forbidden',
    },
  ];
  const deal = await insertDeal(t.database.db, {
    sentBy: customer.id,
    title: 'Trashed deal',
    state: 'trash',
  });
  ids = {
    userId: customer.id,
    workspaceId: await createWorkspaceWith(t.database.db, [customer]),
    documentId: deal.id,
    dealId: deal.id,
  };
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  routes = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation }))
      .filter(
        (route) =>
          route.path.startsWith('/api/v1/admin/') ||
          route.path === '/api/v1/admin' ||
          `${route.method} ${route.path}` === 'POST /api/v1/deals/{dealId}/restore',
      ),
  );
});
afterAll(() => t?.close());

/** A value the schema accepts: the first enum value, a uuid, a reason-like text, 1, false. */
function sample(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sample(options.find((option) => option.type !== 'null') ?? options[0]);
  if (schema.enum) return schema.enum.includes('deal') ? 'deal' : schema.enum[0];
  const type = Array.isArray(schema.type)
    ? schema.type.find((name) => name !== 'null')
    : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([name]) => schema.required?.includes(name) || name === 'reason')
          .map(([name, property]) => [name, sample(property)]),
      );
    case 'string':
      return schema.format === 'uuid' ? randomUUID() : 'Checking the access matrix';
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return false;
    case 'array':
      return [];
    default:
      return undefined;
  }
}

function request(route: Route, cookie: string | undefined) {
  const url = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const parameter = route.operation.parameters?.find((p) => p.in === 'path' && p.name === name);
    return encodeURIComponent(String(ids[name] ?? sample(parameter?.schema) ?? randomUUID()));
  });
  const body = sample(route.operation.requestBody?.content?.['application/json']?.schema);
  return t.app.inject({
    method: route.method as 'GET',
    url,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
}

describe('the admin routes', () => {
  it('are all found, the contract’s among them', () => {
    const names = routes.map((route) => `${route.method} ${route.path}`);
    expect(names.length).toBeGreaterThanOrEqual(CONTRACT_ROUTES.length);
    expect(names).toEqual(expect.arrayContaining(CONTRACT_ROUTES));
  });

  it('refuse everyone but product admins, and answer product admins', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const name = `${route.method} ${route.path}`;
      for (const caller of callers) {
        const response = await request(route, caller.cookie);
        const code = response.body ? response.json().error?.code : undefined;
        if (response.statusCode !== caller.status || code !== caller.code) {
          wrong.push(`${name} as ${caller.name}: ${response.statusCode} ${code}`);
        }
      }
      // The admin last, so an action cannot change what the others are refused.
      const answer = await request(route, admin.cookie);
      if ([401, 403].includes(answer.statusCode) || answer.statusCode >= 500) {
        wrong.push(`${name} as the product admin: ${answer.statusCode} ${answer.body}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
