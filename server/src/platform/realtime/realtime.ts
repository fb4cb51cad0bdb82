import {
  type ClientMessage,
  clientMessageSchema,
  type LiveEvent,
  liveEventSchema,
  MAX_TOPICS_PER_SOCKET,
  type ServerMessage,
  type Topic,
} from '@pactum/core/realtime';
import { sql } from 'drizzle-orm';
import { beforeCommit, keepsBeforeCommit } from '../../db/before-commit';
import type { Database, DbOrTx, Tx } from '../../db/client';

/** The PostgreSQL channel every server process listens on. */
export const LIVE_CHANNEL = 'pactum_live';
/** NOTIFY payloads must stay under 8000 bytes; events carry ids, not documents. */
const MAX_PAYLOAD_BYTES = 7900;

/** Says whether a user may watch the thing a topic's id names. */
export type TopicAuthorizer = (userId: string, id: string) => Promise<boolean>;

/** The part of a WebSocket the hub uses (the `ws` socket fits). */
export type LiveSocket = {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: unknown) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
};

export type Realtime = {
  /** Registers the access check for one topic kind (`deal`, `draft`, ...). */
  authorize(kind: string, check: TopicAuthorizer): void;
  canSubscribe(userId: string, topic: Topic): Promise<boolean>;
  /**
   * Publishes through NOTIFY in the caller's transaction: PostgreSQL delivers it only when
   * the transaction commits, to every server process listening, so no one hears of a change
   * that was rolled back. A transaction's events are sent in one statement as it ends, in the
   * order published (outside a transaction, at once).
   */
  publish(tx: DbOrTx, event: LiveEvent): Promise<void>;
  /** Serves one authenticated socket until it closes. */
  attach(socket: LiveSocket, session: { userId: string; isValid(): Promise<boolean> }): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Open sockets in this process. */
  readonly socketCount: number;
  /**
   * Whether events reach this process now. False before start, after stop, and while the
   * database connection that listens is lost (events published then never arrive here).
   */
  readonly isListening: boolean;
};

/**
 * NOTIFY of each payload, in their order, in one statement. A savepoint rolled back does not take
 * back what was published inside it: no code rolls back to a savepoint and goes on.
 */
async function notifyAll(tx: DbOrTx, payloads: string[]): Promise<void> {
  await tx.execute(sql`SELECT count(pg_notify(${LIVE_CHANNEL}, event.payload))
    FROM jsonb_array_elements_text(${JSON.stringify(payloads)}::jsonb) WITH ORDINALITY
      AS event(payload, n)`);
}

export function createRealtime(database: Database): Realtime {
  const authorizers = new Map<string, TopicAuthorizer>([
    ['user', async (userId, id) => userId === id],
  ]);
  const subscribers = new Map<Topic, Set<LiveSocket>>();
  const sockets = new Map<LiveSocket, Set<Topic>>();
  /** The user each socket belongs to. */
  const owners = new Map<LiveSocket, string>();
  /** Per topic, the delivery under way: a topic's events reach sockets in their order. */
  const deliveries = new Map<Topic, Promise<void>>();
  let unlisten: (() => Promise<void>) | undefined;
  let isListening = false;

  const send = (socket: LiveSocket, message: ServerMessage) => {
    try {
      socket.send(JSON.stringify(message));
    } catch {
      // A socket closing under us; its close handler cleans up.
    }
  };

  const deliver = (payload: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    const result = liveEventSchema.safeParse(parsed);
    if (!result.success) return;
    const event = result.data;
    if (!subscribers.has(event.topic)) return;
    const delivered = (deliveries.get(event.topic) ?? Promise.resolve())
      .then(() => deliverChecked(event))
      .catch(() => {});
    deliveries.set(event.topic, delivered);
    void delivered.then(() => {
      if (deliveries.get(event.topic) === delivered) deliveries.delete(event.topic);
    });
  };

  /**
   * Sends an event to the topic's sockets whose user may still watch it. Access can end after
   * the subscription (a share removed, a member gone), so it is asked again for every event,
   * once per user; a socket whose user lost it is unsubscribed and told `forbidden`.
   */
  const deliverChecked = async (event: LiveEvent) => {
    const byUser = new Map<string, LiveSocket[]>();
    for (const socket of subscribers.get(event.topic) ?? []) {
      const userId = owners.get(socket);
      if (userId) byUser.set(userId, [...(byUser.get(userId) ?? []), socket]);
    }
    await Promise.all(
      [...byUser].map(async ([userId, list]) => {
        // A failed check delivers nothing, but keeps the subscription for the next event.
        const isAllowed = await canSubscribe(userId, event.topic).catch(() => undefined);
        for (const socket of list) {
          if (!subscribers.get(event.topic)?.has(socket)) continue;
          if (isAllowed) send(socket, { type: 'event', event });
          else if (isAllowed === false) {
            unsubscribe(socket, event.topic);
            send(socket, { type: 'error', code: 'forbidden', topic: event.topic });
          }
        }
      }),
    );
  };

  /**
   * The listening connection was lost or is back. Events published while it was lost never
   * reached us, and the sockets cannot tell (they stayed open), so once it is back every
   * socket is told to refetch what it watches.
   */
  const onListenState = (isNowListening: boolean) => {
    isListening = isNowListening;
    if (!isNowListening) return;
    for (const socket of sockets.keys()) send(socket, { type: 'resync' });
  };

  const unsubscribe = (socket: LiveSocket, topic: Topic) => {
    sockets.get(socket)?.delete(topic);
    const set = subscribers.get(topic);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) subscribers.delete(topic);
  };

  const canSubscribe = async (userId: string, topic: Topic): Promise<boolean> => {
    const at = topic.indexOf(':');
    const check = authorizers.get(topic.slice(0, at));
    if (!check) return false;
    return check(userId, topic.slice(at + 1));
  };

  const handle = async (
    socket: LiveSocket,
    session: { userId: string; isValid(): Promise<boolean> },
    message: ClientMessage,
  ) => {
    if (message.type === 'ping') return send(socket, { type: 'pong' });
    if (message.type === 'unsubscribe') {
      unsubscribe(socket, message.topic);
      return send(socket, { type: 'unsubscribed', topic: message.topic });
    }
    const topics = sockets.get(socket);
    if (!topics) return;
    if (topics.size >= MAX_TOPICS_PER_SOCKET && !topics.has(message.topic)) {
      return send(socket, { type: 'error', code: 'too_many_topics', topic: message.topic });
    }
    // The session may have ended (sign-out elsewhere) since the socket opened.
    if (!(await session.isValid())) return socket.close(4401, 'Session ended');
    if (!(await canSubscribe(session.userId, message.topic))) {
      return send(socket, { type: 'error', code: 'forbidden', topic: message.topic });
    }
    if (!sockets.has(socket)) return;
    topics.add(message.topic);
    let set = subscribers.get(message.topic);
    if (!set) {
      set = new Set();
      subscribers.set(message.topic, set);
    }
    set.add(socket);
    send(socket, { type: 'subscribed', topic: message.topic });
  };

  return {
    authorize(kind, check) {
      authorizers.set(kind, check);
    },
    canSubscribe,
    async publish(tx, event) {
      const payload = JSON.stringify(liveEventSchema.parse(event));
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
        throw new Error(`Live event ${event.type} is too large to publish`);
      }
      if (!keepsBeforeCommit(tx)) {
        await notifyAll(tx, [payload]);
        return;
      }
      // After the recounts and all else the transaction does before it commits: they publish too.
      const send = (payloads: string[], outer: Tx) => notifyAll(outer, payloads);
      beforeCommit(tx as Tx, 'live-events', () => [] as string[], send, { last: true }).push(
        payload,
      );
    },
    attach(socket, session) {
      sockets.set(socket, new Set());
      owners.set(socket, session.userId);
      send(socket, { type: 'ready', userId: session.userId });
      socket.on('message', (raw) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(String(raw));
        } catch {
          parsed = undefined;
        }
        const result = clientMessageSchema.safeParse(parsed);
        if (!result.success) return send(socket, { type: 'error', code: 'bad_message' });
        void handle(socket, session, result.data).catch(() => {
          send(socket, { type: 'error', code: 'bad_message' });
        });
      });
      socket.on('close', () => {
        for (const topic of sockets.get(socket) ?? []) unsubscribe(socket, topic);
        sockets.delete(socket);
        owners.delete(socket);
      });
    },
    async start() {
      unlisten = await database.listen(LIVE_CHANNEL, deliver, onListenState);
      isListening = true;
    },
    async stop() {
      for (const socket of sockets.keys()) socket.close(1001, 'Server stopping');
      await unlisten?.();
      unlisten = undefined;
      isListening = false;
      // Checks under way must not reach a database that is about to close.
      await Promise.all(deliveries.values());
    },
    get socketCount() {
      return sockets.size;
    },
    get isListening() {
      return isListening;
    },
  };
}
