import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { crashTestPlace } from '../test/crash-place';
import { signUpOnServer, startServerProcess } from '../test/processes';

/*
 * SIGTERM while 200 connections keep the server busy, as a rolling deploy does it: every request
 * sent gets an answer. Each client connection sends its next request as soon as the last was
 * answered, on the same kept-alive connection, and opens a new one when told to close, until
 * the server no longer accepts connections (a refused connection lost no request: none was sent).
 */

const place = crashTestPlace('graceful-stop');
const CONNECTIONS = 200;

type Tally = {
  sent: number;
  answered: number;
  /** Answers that asked the client to close its connection. */
  toldToClose: number;
  /** Requests sent that got no answer: the connection was reset or closed under them. */
  lost: string[];
  refused: number;
};

/** One GET on the agent's connections: its status and whether it asked to close, or its error. */
function get(agent: http.Agent, url: URL, cookie: string) {
  return new Promise<{ status: number; isClose: boolean } | { error: NodeJS.ErrnoException }>(
    (resolve) => {
      const request = http.get(url, { agent, headers: { cookie } }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            isClose: response.headers.connection === 'close',
          }),
        );
        response.on('error', (error) => resolve({ error }));
      });
      request.on('error', (error) => resolve({ error }));
    },
  );
}

describe('a graceful stop under load', () => {
  it('answers every request sent, tells clients to close, and exits 0', async () => {
    const env = await place.env();
    const server = await startServerProcess({ ...env, SHUTDOWN_DRAIN_SECONDS: '1' });
    place.servers.push(server);
    const { cookie } = await signUpOnServer(server.url, `stop-${Date.now()}@example.test`);
    const url = new URL(`${server.url}/api/v1/me`);
    url.hostname = '127.0.0.1';

    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const tally: Tally = { sent: 0, answered: 0, toldToClose: 0, lost: [], refused: 0 };
    let isStopped = false;
    /** Resolved once every client holds its connection and was answered on it. */
    let connected = 0;
    let allConnected = () => {};
    const isEveryoneConnected = new Promise<void>((resolve) => {
      allConnected = resolve;
    });
    const client = async () => {
      let isFirst = true;
      while (!isStopped) {
        tally.sent += 1;
        const result = await get(agent, url, cookie);
        if ('error' in result) {
          if (result.error.code === 'ECONNREFUSED') {
            // The server stopped accepting: this client's work here is done.
            tally.sent -= 1;
            tally.refused += 1;
            return;
          }
          tally.lost.push(result.error.code ?? result.error.message);
          continue;
        }
        tally.answered += 1;
        if (result.isClose) tally.toldToClose += 1;
        expect(result.status).toBe(200);
        if (isFirst) {
          // All connect first, then all load: a process saturated by kept-alive connections
          // accepts new ones slowly, and one still waiting in the listener's backlog when it
          // closes is reset. (A balancer sends none to a process whose health answers 503.)
          isFirst = false;
          connected += 1;
          if (connected === CONNECTIONS) allConnected();
          await isEveryoneConnected;
        }
      }
    };
    const clients = Array.from({ length: CONNECTIONS }, () => client());

    // Every connection accepted and busy for a moment, then the stop.
    await isEveryoneConnected;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const answeredBefore = tally.answered;
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    const signalledAt = Date.now();
    const code = await exited;
    const stoppedInMs = Date.now() - signalledAt;
    // Whoever is still waiting for a connection now will be refused.
    isStopped = true;
    await Promise.all(clients);
    agent.destroy();

    console.info('graceful stop under load:', { answeredBefore, stoppedInMs, ...tally });
    expect(tally.lost).toEqual([]);
    expect(tally.answered).toBe(tally.sent);
    expect(tally.toldToClose).toBeGreaterThan(0);
    expect(code).toBe(0);
  });
});
