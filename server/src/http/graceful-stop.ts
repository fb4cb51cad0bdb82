import type { FastifyInstance } from 'fastify';

/*
 * A stop that loses no request. Two races lose one: a connection still in the listener's
 * backlog is reset when the listener closes, and a kept-alive connection the server closes
 * while idle can cross a request the client is just sending on it. So:
 * 1. Drain: the health check answers 503 'stopping', so a balancer sends new connections
 *    elsewhere; the process answers as usual meanwhile.
 * 2. The listener closes at once, before anything else of the stop: from then on no connection
 *    waits in its backlog, and a client's new connection is refused, which loses nothing.
 * 3. Every answer now asks the client to close its connection (`Connection: close`), so a
 *    connection ends right after an answer, never under a request. The requests under way run
 *    to their end; once none is left and none came for a while, the idle connections close.
 * 4. The rest of the app closes (live sockets, plugins). Whatever connection is left when the
 *    grace period ends is cut.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** Where a stop is: the health check answers 503 once it began. */
    lifecycle: { isStopping: boolean; isClosing: boolean };
  }
}

export function registerGracefulStop(app: FastifyInstance): void {
  app.decorate('lifecycle', { isStopping: false, isClosing: false });
  app.addHook('onRequest', async (_request, reply) => {
    if (app.lifecycle.isClosing) void reply.header('connection', 'close');
  });
  // A plain `app.close()` (tests) stops without the drain.
  app.addHook('preClose', async () => {
    app.lifecycle.isStopping = true;
  });
}

/** Idle connections are closed once no request is under way and none came for this long. */
const QUIET_MS = 1_000;
const QUIET_CHECK_MS = 100;
const LISTENER_RELEASE_MS = 50;

/**
 * Drains for `drainMs`, then stops as above; the requests under way get `graceMs`, after which
 * every connection left is cut. Resolves once the app is closed.
 */
export async function stopGracefully(
  app: FastifyInstance,
  options: { drainMs: number; graceMs: number },
): Promise<void> {
  const { server, lifecycle } = app;
  lifecycle.isStopping = true;
  if (options.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, options.drainMs));

  let underWay = 0;
  let lastRequestAt = Date.now();
  const onRequest = (_request: unknown, response: NodeJS.EventEmitter) => {
    underWay += 1;
    lastRequestAt = Date.now();
    response.once('close', () => {
      underWay -= 1;
    });
  };
  server.on('request', onRequest);
  // Node's close also closes the idle connections, some with a request on its way: held back.
  const closeIdleConnections = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => {};
  server.close();
  server.closeIdleConnections = closeIdleConnections;
  // The listening socket is released at the end of the event loop's turn: only then may answers
  // send clients to connect anew (they are refused), or they would land in its backlog.
  await new Promise((resolve) => setTimeout(resolve, LISTENER_RELEASE_MS));
  lifecycle.isClosing = true;

  const deadline = Date.now() + options.graceMs;
  const cut = setTimeout(() => server.closeAllConnections(), options.graceMs);
  try {
    while (Date.now() < deadline && (underWay > 0 || Date.now() - lastRequestAt < QUIET_MS)) {
      await new Promise((resolve) => setTimeout(resolve, QUIET_CHECK_MS));
    }
    closeIdleConnections();
    // Fastify's own close finds the listener closed already and goes on with the rest.
    await app.close();
    server.closeAllConnections();
  } finally {
    clearTimeout(cut);
    server.off('request', onRequest);
  }
}
