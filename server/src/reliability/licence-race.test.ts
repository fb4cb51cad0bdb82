import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceInvites } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, type TestUser } from '../test/factories';
import { invoiceWorkspaceOrder } from '../test/workspace-order';

const ORIGIN = 'http://localhost:3000';
const PARALLEL = 30;

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.platform);
});
afterAll(() => t?.close());

function call(method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { origin: ORIGIN, cookie: owner.cookie },
    ...(payload ? { payload } : {}),
  });
}

describe('licences under parallel invitations', () => {
  it('lets only as many invitations through as there are free licences', async () => {
    // Two licences; the owner holds one.
    const order = await call(
      'POST',
      '/api/v1/workspaces',
      invoiceWorkspaceOrder({ credits: 50, licences: 2 }),
    );
    expect(order.statusCode).toBe(201);
    const { workspaceId } = order.json() as { workspaceId: string };

    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        call('POST', `/api/v1/workspaces/${workspaceId}/invites`, {
          email: `race-${i}@example.test`,
          role: 'view',
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 204)).toHaveLength(1);
    const refused = responses.filter((r) => r.statusCode !== 204);
    expect(refused.map((r) => r.statusCode)).toEqual(Array(PARALLEL - 1).fill(409));
    for (const response of refused) {
      expect(response.json().error.message).toBe(
        'All licences are in use. Buy more licences to invite more members.',
      );
    }

    const open = await t.database.db
      .select({ email: workspaceInvites.email })
      .from(workspaceInvites)
      .where(
        and(eq(workspaceInvites.workspaceId, workspaceId), isNull(workspaceInvites.acceptedAt)),
      );
    expect(open).toHaveLength(1);
    const page = (await call('GET', `/api/v1/workspaces/${workspaceId}`)).json();
    expect(page.licensing).toMatchObject({ maxActiveSeats: 2, usedSeats: 2 });
  });
});
