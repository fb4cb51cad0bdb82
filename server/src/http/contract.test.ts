import { errorCodes } from '@pactum/core/errors';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/factories';

/*
 * The API is a contract: every route documents what it takes, what it answers and how it
 * refuses, and the documented schemas are the ones Fastify checks and strips with. This walks
 * the OpenAPI document, so a new route without schemas fails here.
 */

type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};

/**
 * Routes that change something but take no body: the path names what they act on. A new
 * route without a body schema must be added here on purpose.
 */
const ACTIONS_WITHOUT_BODY = new Set([
  'POST /api/v1/auth/sign-out',
  'POST /api/v1/me/rebuild-counters',
  'POST /api/v1/invites/{kind}/{linkId}/claim',
  'POST /api/v1/payments/{paymentId}/confirm',
  'POST /api/v1/workspaces/{workspaceId}/stats',
  'POST /api/v1/admin/documents/deal/{documentId}/chain-check',
  'POST /api/v1/deals/{dealId}/trash',
  'POST /api/v1/deals/{dealId}/sections/{sectionId}/lock',
  'POST /api/v1/templates/{templateId}/unpublish',
  'POST /api/v1/templates/{documentId}/sections/{sectionId}/lock',
  'POST /api/v1/drafts/{documentId}/sections/{sectionId}/lock',
  'POST /api/v1/imports/{importId}/template',
  'POST /api/v1/templates/{templateId}/drafts',
  'POST /api/v1/invites/{inviteId}/resend',
  'POST /api/v1/comments/{commentId}/reopen',
  'POST /api/v1/deals/{dealId}/cancel-signing',
  'POST /api/v1/deals/{dealId}/signers/{signerId}/code',
  'POST /api/v1/deals/{dealId}/signers/{signerId}/remind',
  'POST /api/v1/deals/{dealId}/signed-pdf/retry',
  'POST /api/v1/workspaces/{workspaceId}/webhooks/{webhookId}/test',
  'POST /api/v1/auth/sign-in/passkey/options',
  'POST /api/v1/account/two-factor/totp',
  'POST /api/v1/account/two-factor/recovery-codes',
  'POST /api/v1/account/passkeys/options',
  'POST /api/v1/account/sessions/end-others',
  // The upload's bytes (application/offset+octet-stream), read raw.
  'PATCH /api/v1/uploads/{uploadId}',
]);

/** Answers without a body: the status says it all. */
const BODYLESS_STATUSES = new Set(['101', '204', '302', '303']);

let t: TestApp;
let operations: [string, Operation][];

beforeAll(async () => {
  t = await createTestApp({
    isWorker: false,
    // A route whose service hands over more than its answer lists, as a row with secrets would.
    extraRoutes: async (app) => {
      app
        .withTypeProvider<ZodTypeProvider>()
        .get(
          '/api/v1/test-contract',
          { schema: { hide: true, response: { 200: z.object({ id: z.string() }) } } },
          async () => ({ id: 'x', passwordHash: 'hunter2' }) as { id: string },
        );
    },
  });
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]): [string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      operation,
    ]),
  );
});
afterAll(() => t?.close());

describe('the API contract', () => {
  it('documents the product routes', () => {
    expect(operations.length).toBeGreaterThan(140);
  });

  it('gives every route a schema for each success answer', () => {
    const missing = operations.flatMap(([route, operation]) => {
      const successes = Object.entries(operation.responses ?? {}).filter(([status]) =>
        /^[123]/.test(status),
      );
      if (successes.length === 0) return [`${route}: no success answer`];
      return successes.flatMap(([status, answer]) => {
        if (BODYLESS_STATUSES.has(status)) return [];
        const schemas = Object.values(answer.content ?? {}).map((content) => content.schema);
        return schemas.length > 0 && schemas.every(Boolean) ? [] : [`${route}: ${status}`];
      });
    });
    expect(missing).toEqual([]);
  });

  it('gives every route the error body for its refusals', () => {
    const missing = operations
      .filter(([, operation]) => {
        const refs = ['4XX', '5XX'].map((status) =>
          JSON.stringify(operation.responses?.[status]?.content?.['application/json']?.schema),
        );
        return !refs.every((ref) => ref?.includes('#/components/schemas/Error'));
      })
      .map(([route]) => route);
    expect(missing).toEqual([]);
  });

  it('declares every path parameter and the body of every change', () => {
    const problems = operations.flatMap(([route, operation]) => {
      const [method = '', path = ''] = route.split(' ');
      const declared = new Set(
        (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      );
      const named = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
      const undeclared = named.filter((name) => !declared.has(name));
      const needsBody =
        ['POST', 'PUT', 'PATCH'].includes(method) && !ACTIONS_WITHOUT_BODY.has(route);
      return [
        ...undeclared.map((name) => `${route}: path parameter ${name}`),
        ...(needsBody && !operation.requestBody ? [`${route}: body`] : []),
      ];
    });
    expect(problems).toEqual([]);
    // The list of body-less actions names real routes only.
    const routes = new Set(operations.map(([route]) => route));
    expect([...ACTIONS_WITHOUT_BODY].filter((route) => !routes.has(route))).toEqual([]);
  });

  it('lists every error code with its status in the error body', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      components: { schemas: Record<string, { description?: string }> };
    };
    const description = document.components.schemas.Error?.description ?? '';
    for (const [code, status] of Object.entries(errorCodes)) {
      expect(description).toContain(`${code} (${status})`);
    }
  });
});

describe('answers leave the server as their schemas say', () => {
  it('strips what a schema does not list', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/v1/test-contract' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ id: 'x' });
    expect(answer.body).not.toContain('hunter2');
  });

  it('answers a refusal in the error body, checked like any answer', async () => {
    const user = await createUser(t.platform);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/v1/deals/00000000-0000-4000-8000-000000000000',
      headers: { cookie: user.cookie },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({
      error: { code: 'not_found', message: 'Not found', params: {} },
    });
  });
});
