import type { LiveEvent } from '@pactum/core/realtime';
import type { QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { LiveClient } from './live-client';
import { queryClient } from './query-client';

function liveUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/v1/live`;
}

let client: LiveClient | undefined;

/**
 * Refetches what one event changed, for the topics of one kind (`deal` for `deal:<id>`): gets
 * the topic's id and the event, and returns true when it has refetched what the event changed,
 * false to leave it to the default (everything under the topic's key).
 */
export type LiveRefresh = (id: string, event: LiveEvent) => boolean;

/** The narrow refreshers per topic kind, in the order registered (`registerLiveRefresh`). */
const refreshers = new Map<string, LiveRefresh[]>();

/**
 * Lets `refresh` handle the events on topics of `kind` instead of refetching everything under
 * the topic's key, until the returned function is called. With several registered (two pages
 * passing each other), the latest one still registered answers. Reconnects and `resync` still
 * refetch everything: events may have been missed.
 */
export function registerLiveRefresh(kind: string, refresh: LiveRefresh): () => void {
  refreshers.set(kind, [...(refreshers.get(kind) ?? []), refresh]);
  let isReleased = false;
  return () => {
    if (isReleased) return;
    isReleased = true;
    const list = refreshers.get(kind) ?? [];
    const at = list.lastIndexOf(refresh);
    const rest = at < 0 ? list : [...list.slice(0, at), ...list.slice(at + 1)];
    if (rest.length > 0) refreshers.set(kind, rest);
    else refreshers.delete(kind);
  };
}

/** Whether a registered refresher took care of the event (a failing one does not). */
function isRefreshed([kind, id]: [string, string], event: LiveEvent | undefined): boolean {
  const refresh = event ? refreshers.get(kind)?.at(-1) : undefined;
  if (!refresh || !event) return false;
  try {
    return refresh(id, event);
  } catch {
    return false;
  }
}

/** Further query keys to refetch on a topic's events, per topic. */
const alsoInvalidated = new Map<string, QueryKey[]>();

/** Who hears the events themselves (`useLiveEvent`), beside the refetches. */
const eventListeners = new Set<(event: LiveEvent) => void>();

/** The tab's one realtime connection (see LiveClient); created on first use. */
export function getLiveClient(): LiveClient {
  if (!client) {
    const liveClient = new LiveClient({
      createSocket: (handlers) => {
        const socket = new WebSocket(liveUrl());
        socket.onopen = () => handlers.onOpen();
        socket.onmessage = (event) => {
          if (typeof event.data === 'string') handlers.onMessage(event.data);
        };
        // A refused socket fires error then close; close alone drives the backoff, quietly.
        socket.onclose = () => handlers.onClose();
        return socket;
      },
      invalidate: (queryKey, event) => {
        if (!isRefreshed(queryKey, event)) void queryClient.invalidateQueries({ queryKey });
        for (const extra of alsoInvalidated.get(queryKey.join(':')) ?? []) {
          void queryClient.invalidateQueries({ queryKey: extra });
        }
      },
      onEvent: (event) => {
        for (const listener of eventListeners) listener(event);
      },
    });
    window.addEventListener('online', () => liveClient.reconnectNow());
    client = liveClient;
  }
  return client;
}

/**
 * Watches a realtime topic (e.g. `deal:42`) while the component is mounted: every event
 * on it refetches the queries under the topic's key (`['deal', '42']`), or only what the
 * event changed when a refresher for the topic's kind is registered (`registerLiveRefresh`),
 * and always `alsoRefetch` (a query kept under another key, e.g. `['me']` for `user:<id>`).
 * `undefined` watches nothing, for ids that are not known yet.
 */
export function useLiveTopic(topic: string | undefined, alsoRefetch?: QueryKey): void {
  const extraKey = alsoRefetch ? JSON.stringify(alsoRefetch) : undefined;
  useEffect(() => {
    if (!topic) return undefined;
    const extra = extraKey ? (JSON.parse(extraKey) as QueryKey) : undefined;
    if (extra) alsoInvalidated.set(topic, [...(alsoInvalidated.get(topic) ?? []), extra]);
    const release = getLiveClient().subscribe(topic);
    return () => {
      release();
      if (!extra) return;
      const rest = (alsoInvalidated.get(topic) ?? []).filter((key) => key !== extra);
      if (rest.length > 0) alsoInvalidated.set(topic, rest);
      else alsoInvalidated.delete(topic);
    };
  }, [topic, extraKey]);
}

/**
 * Calls `onEvent` for each event of `type` on a realtime topic while the component is mounted
 * (holding the topic like `useLiveTopic`), e.g. `notification.created` on `user:<id>`. Events
 * carry ids, not documents: the handler asks the API for what it needs. The latest handler is
 * called, so it need not be memoised.
 */
export function useLiveEvent(
  topic: string | undefined,
  type: string,
  onEvent: (event: LiveEvent) => void,
): void {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(() => {
    if (!topic) return undefined;
    const listener = (event: LiveEvent) => {
      if (event.topic === topic && event.type === type) handler.current(event);
    };
    eventListeners.add(listener);
    const release = getLiveClient().subscribe(topic);
    return () => {
      release();
      eventListeners.delete(listener);
    };
  }, [topic, type]);
}
