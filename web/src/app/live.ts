import type { QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LiveClient } from './live-client';
import { queryClient } from './query-client';

function liveUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/v1/live`;
}

let client: LiveClient | undefined;

/** Further query keys to refetch on a topic's events, per topic. */
const alsoInvalidated = new Map<string, QueryKey[]>();

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
      invalidate: (queryKey) => {
        void queryClient.invalidateQueries({ queryKey });
        for (const extra of alsoInvalidated.get(queryKey.join(':')) ?? []) {
          void queryClient.invalidateQueries({ queryKey: extra });
        }
      },
    });
    window.addEventListener('online', () => liveClient.reconnectNow());
    client = liveClient;
  }
  return client;
}

/**
 * Watches a realtime topic (e.g. `deal:42`) while the component is mounted: every event
 * on it refetches the queries under the topic's key (`['deal', '42']`), and `alsoRefetch`
 * (a query kept under another key, e.g. `['me']` for `user:<id>`). `undefined` watches
 * nothing, for ids that are not known yet.
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
