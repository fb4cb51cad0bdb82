import type { ClientMessage, ServerMessage } from '@pactum/core/realtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getLiveClient, registerLiveRefresh } from './live';
import {
  LiveClient,
  type LiveSocket,
  type LiveSocketHandlers,
  PING_INTERVAL_MS,
  RECONNECT_MAX_MS,
  reconnectDelay,
} from './live-client';
import { queryClient } from './query-client';

/** A socket the test opens, feeds and drops by hand. */
class FakeSocket implements LiveSocket {
  readonly sent: ClientMessage[] = [];
  isClosed = false;

  constructor(readonly handlers: LiveSocketHandlers) {}

  send(data: string): void {
    this.sent.push(JSON.parse(data) as ClientMessage);
  }

  close(): void {
    this.isClosed = true;
  }

  open(): void {
    this.handlers.onOpen();
  }

  /** Opens the socket and says `ready`, as the server does once it has checked the session. */
  accept(): void {
    this.open();
    this.receive({ type: 'ready', userId: 'u1' });
  }

  receive(message: ServerMessage): void {
    this.handlers.onMessage(JSON.stringify(message));
  }

  drop(): void {
    this.handlers.onClose();
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const invalidate = vi.fn();
  const client = new LiveClient({
    createSocket: (handlers) => {
      const socket = new FakeSocket(handlers);
      sockets.push(socket);
      return socket;
    },
    invalidate,
    // No jitter: each backoff is its full ceiling.
    random: () => 1,
  });
  const latest = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket was created');
    return socket;
  };
  return { client, sockets, invalidate, latest };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('LiveClient', () => {
  it('opens no socket until a topic is held', () => {
    const { sockets } = setup();
    expect(sockets).toHaveLength(0);
  });

  it('sends subscribe for every held topic once the server is ready', () => {
    const { client, sockets, latest } = setup();
    client.subscribe('deal:42');
    client.subscribe('user:7');
    expect(sockets).toHaveLength(1);
    expect(latest().sent).toEqual([]);

    // Until `ready` the server may still be checking the session and not yet listening.
    latest().open();
    client.subscribe('template:3');
    expect(latest().sent).toEqual([]);

    latest().receive({ type: 'ready', userId: 'u1' });
    expect(latest().sent).toEqual([
      { type: 'subscribe', topic: 'deal:42' },
      { type: 'subscribe', topic: 'user:7' },
      { type: 'subscribe', topic: 'template:3' },
    ]);

    client.subscribe('draft:9');
    expect(latest().sent.at(-1)).toEqual({ type: 'subscribe', topic: 'draft:9' });
  });

  it("invalidates the event topic's query key with the event, and only for held topics", () => {
    const { client, invalidate, latest } = setup();
    client.subscribe('deal:42');
    latest().accept();

    const event = { topic: 'deal:42', type: 'section.changed', data: { sectionId: 's1' } };
    latest().receive({ type: 'event', event });
    expect(invalidate).toHaveBeenCalledTimes(1);
    // The event goes along, so that only what it changed need be refetched.
    expect(invalidate).toHaveBeenCalledWith(['deal', '42'], event);

    latest().receive({ type: 'event', event: { topic: 'deal:43', type: 'section.updated' } });
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('tells its event listener of each event on a held topic', () => {
    const onEvent = vi.fn();
    const client = new LiveClient({
      createSocket: (handlers) => {
        socket = new FakeSocket(handlers);
        return socket;
      },
      invalidate: vi.fn(),
      onEvent,
    });
    let socket: FakeSocket | undefined;
    client.subscribe('user:7');
    socket?.accept();
    socket?.receive({ type: 'event', event: { topic: 'user:7', type: 'notification.created' } });
    socket?.receive({ type: 'event', event: { topic: 'user:8', type: 'notification.created' } });
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onEvent).toHaveBeenCalledWith({ topic: 'user:7', type: 'notification.created' });
  });

  it('re-subscribes all topics after a reconnect and refetches them once confirmed', () => {
    const { client, sockets, invalidate, latest } = setup();
    client.subscribe('deal:42');
    client.subscribe('folder:inbox');
    latest().accept();

    latest().drop();
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);

    latest().accept();
    expect(latest().sent).toEqual([
      { type: 'subscribe', topic: 'deal:42' },
      { type: 'subscribe', topic: 'folder:inbox' },
    ]);

    // Events may have been missed while disconnected.
    latest().receive({ type: 'subscribed', topic: 'deal:42' });
    latest().receive({ type: 'subscribed', topic: 'folder:inbox' });
    expect(invalidate.mock.calls).toEqual([[['deal', '42']], [['folder', 'inbox']]]);
  });

  it('refetches every held topic once when the server says resync', () => {
    const { client, sockets, invalidate, latest } = setup();
    client.subscribe('deal:42');
    client.subscribe('deal:42');
    client.subscribe('user:7');
    const release = client.subscribe('folder:inbox');
    latest().accept();
    release();

    // The server's own listener missed events; the socket stayed open the whole time.
    latest().receive({ type: 'resync' });
    expect(invalidate.mock.calls).toEqual([[['deal', '42']], [['user', '7']]]);
    expect(sockets).toHaveLength(1);
  });

  it('hands over no event when events may have been missed (reconnect, resync)', () => {
    const { client, invalidate, latest } = setup();
    client.subscribe('deal:42');
    latest().accept();
    latest().drop();
    vi.advanceTimersByTime(RECONNECT_MAX_MS);
    latest().accept();
    latest().receive({ type: 'subscribed', topic: 'deal:42' });
    latest().receive({ type: 'resync' });

    // Without an event the caller refetches everything under the topic's key.
    expect(invalidate).toHaveBeenCalledTimes(2);
    for (const call of invalidate.mock.calls) expect(call).toEqual([['deal', '42']]);
  });

  it('does not refetch on the first subscription', () => {
    const { client, invalidate, latest } = setup();
    client.subscribe('deal:42');
    latest().accept();
    latest().receive({ type: 'subscribed', topic: 'deal:42' });
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('backs off exponentially up to 30 s while the socket is refused', () => {
    const { client, sockets, latest } = setup();
    client.subscribe('user:7');
    const waits: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const count = sockets.length;
      latest().drop();
      let waited = 0;
      while (sockets.length === count) {
        vi.advanceTimersByTime(1_000);
        waited += 1_000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it('keeps the jittered delay between half and all of the ceiling', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(3, () => 0.5)).toBe(6_000);
    expect(reconnectDelay(20, () => 1)).toBe(RECONNECT_MAX_MS);
  });

  it('resets the backoff once the server accepts a socket', () => {
    const { client, sockets, latest } = setup();
    client.subscribe('user:7');
    latest().drop();
    vi.advanceTimersByTime(1_000);
    latest().drop();
    vi.advanceTimersByTime(2_000);
    expect(sockets).toHaveLength(3);

    latest().accept();
    latest().drop();
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(4);
  });

  it('unsubscribes only when the last holder of a topic lets go', () => {
    const { client, latest } = setup();
    const releaseFirst = client.subscribe('deal:42');
    const releaseSecond = client.subscribe('deal:42');
    latest().accept();
    expect(latest().sent).toEqual([{ type: 'subscribe', topic: 'deal:42' }]);

    releaseFirst();
    releaseFirst();
    expect(latest().sent).toHaveLength(1);
    expect(client.topics).toEqual(['deal:42']);

    releaseSecond();
    expect(latest().sent.at(-1)).toEqual({ type: 'unsubscribe', topic: 'deal:42' });
    expect(client.topics).toEqual([]);
  });

  it('does not reconnect when no topic is held', () => {
    const { client, sockets, latest } = setup();
    const release = client.subscribe('deal:42');
    latest().accept();
    release();
    latest().drop();
    vi.advanceTimersByTime(RECONNECT_MAX_MS * 2);
    expect(sockets).toHaveLength(1);

    client.subscribe('deal:42');
    expect(sockets).toHaveLength(2);
  });

  it('pings every 25 s and reconnects when a ping goes unanswered', () => {
    const { client, sockets, latest } = setup();
    client.subscribe('deal:42');
    const first = latest();
    first.accept();

    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(first.sent.at(-1)).toEqual({ type: 'ping' });
    first.receive({ type: 'pong' });

    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(first.sent.filter((message) => message.type === 'ping')).toHaveLength(2);
    expect(first.isClosed).toBe(false);

    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(first.isClosed).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(2);

    // The dead socket's late events change nothing.
    first.drop();
    vi.advanceTimersByTime(RECONNECT_MAX_MS);
    expect(sockets).toHaveLength(2);
  });

  it('connects at once on reconnectNow instead of waiting out the backoff', () => {
    const { client, sockets, latest } = setup();
    client.subscribe('deal:42');
    for (let i = 0; i < 5; i += 1) {
      latest().drop();
      vi.runOnlyPendingTimers();
    }
    latest().drop();
    expect(sockets).toHaveLength(6);

    client.reconnectNow();
    expect(sockets).toHaveLength(7);
    vi.advanceTimersByTime(RECONNECT_MAX_MS);
    expect(sockets).toHaveLength(7);
  });

  it('stops for good on close', () => {
    const { client, sockets, latest } = setup();
    client.subscribe('deal:42');
    latest().accept();
    client.close();
    expect(latest().isClosed).toBe(true);
    vi.advanceTimersByTime(RECONNECT_MAX_MS * 2);
    client.subscribe('user:7');
    expect(sockets).toHaveLength(1);
  });
});

describe('getLiveClient', () => {
  /** The browser's WebSocket as far as live.ts uses it. */
  class BrowserSocket {
    static latest: BrowserSocket | undefined;
    onopen: (() => void) | null = null;
    onmessage: ((event: { data: unknown }) => void) | null = null;
    onclose: (() => void) | null = null;
    constructor() {
      BrowserSocket.latest = this;
    }
    send(): void {}
    close(): void {}
    receive(message: ServerMessage): void {
      this.onmessage?.({ data: JSON.stringify(message) });
    }
  }

  afterEach(() => {
    getLiveClient().close();
    vi.unstubAllGlobals();
  });

  it('leaves an event to the refresher of its topic kind, and refetches everything otherwise', () => {
    vi.stubGlobal('WebSocket', BrowserSocket);
    vi.stubGlobal('window', { addEventListener: () => undefined });
    vi.stubGlobal('location', { protocol: 'http:', host: 'localhost' });
    const detail = ['deal', '42', 'detail'];
    const tags = ['deal', '42', 'tags'];
    const reset = () => {
      queryClient.setQueryData(detail, 1);
      queryClient.setQueryData(tags, 1);
    };
    const isInvalidated = (key: string[]) => queryClient.getQueryState(key)?.isInvalidated;
    const refresh = vi.fn((_id: string, event: { type: string }) => {
      if (event.type !== 'section.changed') return false;
      void queryClient.invalidateQueries({ queryKey: detail });
      return true;
    });
    const unregister = registerLiveRefresh('deal', refresh);
    getLiveClient().subscribe('deal:42');
    const socket = BrowserSocket.latest;
    socket?.onopen?.();
    socket?.receive({ type: 'ready', userId: 'u1' });

    reset();
    const changed = { topic: 'deal:42', type: 'section.changed', data: { sectionId: 's1' } };
    socket?.receive({ type: 'event', event: changed });
    expect(refresh).toHaveBeenCalledWith('42', changed);
    expect([isInvalidated(detail), isInvalidated(tags)]).toEqual([true, false]);

    reset();
    socket?.receive({ type: 'event', event: { topic: 'deal:42', type: 'signing.changed' } });
    expect([isInvalidated(detail), isInvalidated(tags)]).toEqual([true, true]);

    reset();
    unregister();
    socket?.receive({ type: 'event', event: changed });
    expect(refresh).toHaveBeenCalledTimes(2);
    expect([isInvalidated(detail), isInvalidated(tags)]).toEqual([true, true]);
  });
});
