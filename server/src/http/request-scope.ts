import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { ApiTokenScope } from '@pactum/core/api-tokens';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * What a request acts as, beyond its user: a workspace token acts as its workspace and nothing
 * else, and within it reaches no more than its maker does now (the maker's groups and role).
 * Services do not pass this along; the access choke points (`myWorkspaceIds` and `myGroupIds`
 * under `reachesUser` and the archive's access, `requireMember`, the user's workspace
 * memberships) read it from the request's async scope.
 */
export type WorkspaceTokenScope = {
  /** The token's user: the scope narrows this user's reach only, never anyone else's. */
  userId: string;
  workspaceId: string;
  scope: ApiTokenScope;
};

type RequestStore = { workspaceToken?: WorkspaceTokenScope };

const storage = new AsyncLocalStorage<RequestStore>();
const resources = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * Runs every request inside its own scope: an `onRequest` hook enters it for the rest of the
 * request. Once a body is read, Fastify goes on (`preValidation`, the handler) from the request
 * stream's `end` event, whose async context need not be the hook's, so the scope is entered
 * again there, as @fastify/request-context does. `requireSession` fails a workspace token's
 * request that finds no scope, rather than let it reach as the person.
 */
export function registerRequestScope(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    storage.run({}, () => {
      const resource = new AsyncResource('pactum-request-scope');
      resources.set(request, resource);
      resource.runInAsyncScope(done, request.raw);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = resources.get(request);
    if (resource) resource.runInAsyncScope(done, request.raw);
    else done();
  });
}

/** Marks the running request as a workspace token's (called when the token is resolved). */
export function enterWorkspaceTokenScope(scope: WorkspaceTokenScope): void {
  const store = storage.getStore();
  if (!store) throw new Error('no request scope: is registerRequestScope registered?');
  store.workspaceToken = scope;
}

/** The running request's workspace token, if it is one. */
export function currentWorkspaceToken(): WorkspaceTokenScope | undefined {
  return storage.getStore()?.workspaceToken;
}

/**
 * The workspace token `userId`'s reach is narrowed to in this request, or undefined: the user is
 * not the caller of a workspace token (other users' access is never narrowed).
 */
export function workspaceScopeOf(userId: string): WorkspaceTokenScope | undefined {
  const token = storage.getStore()?.workspaceToken;
  return token?.userId === userId ? token : undefined;
}

/**
 * Runs `work` outside the request's scope: for what is computed for the user as a person while a
 * workspace token's request runs (their home counters), never for an answer to the token.
 */
export function outsideRequestScope<T>(work: () => T): T {
  return storage.exit(work);
}
