import type { ClientMessage, ServerMessage } from '@pactum/core/realtime';
import type { LiveSocket } from '../platform/realtime/realtime';

/** A socket attached to the hub directly: what it was sent, and a way to speak to it. */
export function fakeSocket() {
  const sent: ServerMessage[] = [];
  const onMessage: ((data: unknown) => void)[] = [];
  const onClose: (() => void)[] = [];
  const socket: LiveSocket = {
    send: (data) => sent.push(JSON.parse(data) as ServerMessage),
    close: () => {
      for (const listener of onClose) listener();
    },
    on(event: 'message' | 'close', listener: (data: unknown) => void) {
      (event === 'message' ? onMessage : onClose).push(listener);
    },
  };
  const receive = (message: ClientMessage) => {
    for (const listener of onMessage) listener(JSON.stringify(message));
  };
  return { socket, sent, receive };
}

export const alwaysValid = { isValid: async () => true };
