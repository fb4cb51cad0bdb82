import { useEffect } from 'react';
import { LiveClient } from './live-client';
import { queryClient } from './query-client';

function liveUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/v1/live`;
}

let client: LiveClient | undefined;

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
      },
    });
    window.addEventListener('online', () => liveClient.reconnectNow());
    client = liveClient;
  }
  return client;
}

/**
 * Watches a realtime topic (e.g. `deal:42`) while the component is mounted: every event
 * on it refetches the queries under the topic's key (`['deal', '42']`). `undefined` watches
 * nothing, for ids that are not known yet.
 */
export function useLiveTopic(topic: string | undefined): void {
  useEffect(() => (topic ? getLiveClient().subscribe(topic) : undefined), [topic]);
}
