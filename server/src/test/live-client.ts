import type { ServerMessage } from '@pactum/core/realtime';
import WebSocket from 'ws';

/** A WebSocket client as a browser tab would open it, with helpers to await messages. */
export type LiveTestClient = {
  socket: WebSocket;
  messages: ServerMessage[];
  send(message: unknown): void;
  next(predicate: (message: ServerMessage) => boolean, timeoutMs?: number): Promise<ServerMessage>;
  close(): void;
};

/** Opens the socket; resolves once the server said `ready`, or rejects with the HTTP status. */
export function openLive(
  url: string,
  headers: { origin?: string; cookie?: string },
): Promise<LiveTestClient> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    const messages: ServerMessage[] = [];
    const waiters: {
      predicate: (m: ServerMessage) => boolean;
      resolve: (m: ServerMessage) => void;
    }[] = [];
    const client: LiveTestClient = {
      socket,
      messages,
      send: (message) => socket.send(JSON.stringify(message)),
      next(predicate, timeoutMs = 10_000) {
        const found = messages.find(predicate);
        if (found) return Promise.resolve(found);
        return new Promise((resolveNext, rejectNext) => {
          const timer = setTimeout(
            () => rejectNext(new Error('No such message in time')),
            timeoutMs,
          );
          waiters.push({
            predicate,
            resolve: (m) => {
              clearTimeout(timer);
              resolveNext(m);
            },
          });
        });
      },
      close: () => socket.close(),
    };
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as ServerMessage;
      messages.push(message);
      for (const waiter of [...waiters]) {
        if (waiter.predicate(message)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }
      if (message.type === 'ready') resolve(client);
    });
    socket.on('unexpected-response', (_request, response) => {
      reject(
        Object.assign(new Error(`refused with ${response.statusCode}`), {
          status: response.statusCode,
        }),
      );
    });
    socket.on('error', reject);
  });
}
