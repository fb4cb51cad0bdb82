import {
  type ClientMessage,
  type LiveEvent,
  type ServerMessage,
  type Topic,
  topicQueryKey,
} from '@pactum/core/realtime';

/** What the client needs of a WebSocket; the browser's `WebSocket` fits. */
export type LiveSocket = {
  send(data: string): void;
  close(): void;
};

/** The socket factory wires these to the socket's open, message and close events. */
export type LiveSocketHandlers = {
  onOpen(): void;
  onMessage(data: string): void;
  /** Called once the socket is closed or failed to connect. */
  onClose(): void;
};

export type LiveClientOptions = {
  /** Opens a new socket to `/api/v1/live`. */
  createSocket: (handlers: LiveSocketHandlers) => LiveSocket;
  /**
   * Refetches the queries under a topic's key prefix, e.g. `queryClient.invalidateQueries`.
   * `event` is the event that calls for it, so that what it changed can be refetched alone;
   * without one (after a reconnect or `resync`, when events may have been missed) everything
   * under the prefix is due.
   */
  invalidate: (queryKey: [string, string], event?: LiveEvent) => void;
  /** Hears every event on a held topic, after its queries are invalidated (e.g. to show a toast). */
  onEvent?: (event: LiveEvent) => void;
  /** Jitter source, so that many tabs do not reconnect at the same moment. */
  random?: () => number;
};

/** Keeps proxies from closing an idle socket, and finds dead ones. */
export const PING_INTERVAL_MS = 25_000;
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/** Delay before reconnect attempt `attempt` (0-based): doubling, capped, with up to half jitter. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() / 2));
}

/**
 * The browser's one realtime connection. Components hold topics through `subscribe`
 * (ref-counted); an event on a held topic invalidates the topic's query key, handing over the
 * event so that the caller may refetch only what it changed. The socket
 * opens when the first topic is held, reconnects with backoff while any topic is held,
 * and re-subscribes every topic after a reconnect. Events missed while disconnected are
 * made up for by invalidating each topic once the server confirms the re-subscription,
 * and likewise every topic when the server says `resync` (it missed events itself).
 *
 * Topics are sent once the server says `ready`, not as soon as the socket opens: the
 * server checks the session after the upgrade and could miss messages sent before that.
 */
export class LiveClient {
  readonly #options: LiveClientOptions;
  readonly #refs = new Map<Topic, number>();
  /** Topics to refetch when their re-subscription after a reconnect is confirmed. */
  readonly #resync = new Set<Topic>();
  #socket: LiveSocket | undefined;
  /** The server has said `ready`: it is listening to this socket's messages. */
  #isReady = false;
  #hasBeenReady = false;
  #isAwaitingPong = false;
  #isClosed = false;
  #attempt = 0;
  #reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  #pingTimer: ReturnType<typeof setInterval> | undefined;

  constructor(options: LiveClientOptions) {
    this.#options = options;
  }

  /** Holds a topic until the returned function is called (once per holder). */
  subscribe(topic: Topic): () => void {
    const count = this.#refs.get(topic) ?? 0;
    this.#refs.set(topic, count + 1);
    if (count === 0) {
      if (this.#isReady) this.#send({ type: 'subscribe', topic });
      else if (!this.#socket && this.#reconnectTimer === undefined) this.#connect();
    }
    let isReleased = false;
    return () => {
      if (isReleased) return;
      isReleased = true;
      this.#release(topic);
    };
  }

  /** Topics held now. */
  get topics(): Topic[] {
    return [...this.#refs.keys()];
  }

  /**
   * Skips the rest of a backoff wait and connects at once, e.g. when the browser comes back
   * online or the user has just signed in. Does nothing while a socket is open or opening.
   */
  reconnectNow(): void {
    if (this.#isClosed || this.#socket || this.#refs.size === 0) return;
    this.#attempt = 0;
    this.#connect();
  }

  /** Closes the connection for good. */
  close(): void {
    this.#isClosed = true;
    this.#clearReconnectTimer();
    const socket = this.#socket;
    this.#disconnect();
    socket?.close();
  }

  #release(topic: Topic): void {
    const count = this.#refs.get(topic) ?? 0;
    if (count > 1) {
      this.#refs.set(topic, count - 1);
      return;
    }
    this.#refs.delete(topic);
    this.#resync.delete(topic);
    if (this.#isReady) this.#send({ type: 'unsubscribe', topic });
  }

  #connect(): void {
    if (this.#isClosed) return;
    this.#clearReconnectTimer();
    const socket = this.#options.createSocket({
      // A socket that was dropped may still report; only the current one counts.
      onOpen: () => {
        if (socket === this.#socket) this.#handleOpen();
      },
      onMessage: (data) => {
        if (socket === this.#socket) this.#handleMessage(data);
      },
      onClose: () => {
        if (socket === this.#socket) this.#handleClose();
      },
    });
    this.#socket = socket;
  }

  #handleOpen(): void {
    this.#isAwaitingPong = false;
    this.#pingTimer = setInterval(() => this.#ping(), PING_INTERVAL_MS);
  }

  #handleReady(): void {
    // Only a socket the server accepted resets the backoff; a refused one keeps backing off.
    this.#attempt = 0;
    if (this.#isReady) return;
    this.#isReady = true;
    const isReconnect = this.#hasBeenReady;
    this.#hasBeenReady = true;
    for (const topic of this.#refs.keys()) {
      if (isReconnect) this.#resync.add(topic);
      this.#send({ type: 'subscribe', topic });
    }
  }

  #handleMessage(data: string): void {
    let message: ServerMessage;
    try {
      message = JSON.parse(data) as ServerMessage;
    } catch {
      return;
    }
    switch (message.type) {
      case 'ready':
        this.#handleReady();
        break;
      case 'event':
        if (this.#refs.has(message.event.topic)) {
          this.#options.invalidate(topicQueryKey(message.event.topic), message.event);
          this.#options.onEvent?.(message.event);
        }
        break;
      case 'subscribed':
        if (this.#resync.delete(message.topic))
          this.#options.invalidate(topicQueryKey(message.topic));
        break;
      case 'error':
        if (message.topic) this.#resync.delete(message.topic);
        break;
      case 'pong':
        this.#isAwaitingPong = false;
        break;
      case 'resync':
        // The socket stayed open but the server missed events: refetch as after a reconnect.
        for (const topic of this.#refs.keys()) this.#options.invalidate(topicQueryKey(topic));
        break;
    }
  }

  #handleClose(): void {
    this.#disconnect();
    if (this.#isClosed || this.#refs.size === 0) return;
    const delay = reconnectDelay(this.#attempt, this.#options.random);
    this.#attempt += 1;
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = undefined;
      this.#connect();
    }, delay);
  }

  #ping(): void {
    if (this.#isAwaitingPong) {
      // No pong since the last ping: the connection is dead even if the browser has not noticed.
      this.#drop();
      return;
    }
    this.#isAwaitingPong = true;
    this.#send({ type: 'ping' });
  }

  /** Closes the current socket and handles it as closed now, without waiting for its close event. */
  #drop(): void {
    const socket = this.#socket;
    this.#handleClose();
    socket?.close();
  }

  #disconnect(): void {
    this.#socket = undefined;
    this.#isReady = false;
    this.#resync.clear();
    clearInterval(this.#pingTimer);
    this.#pingTimer = undefined;
  }

  #clearReconnectTimer(): void {
    clearTimeout(this.#reconnectTimer);
    this.#reconnectTimer = undefined;
  }

  #send(message: ClientMessage): void {
    this.#socket?.send(JSON.stringify(message));
  }
}
