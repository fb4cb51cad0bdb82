/** One message of the server's development outbox (`GET /dev/outbox.json`). */
export type OutboxMessage = {
  kind: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
};

/** Every kept message, newest first. */
export async function readOutbox(baseUrl: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${baseUrl}/dev/outbox.json`);
  if (!response.ok) throw new Error(`GET /dev/outbox.json answered ${response.status}`);
  return (await response.json()) as OutboxMessage[];
}

/**
 * Waits for the newest e-mail to `to` whose text holds a link matching `linkPattern`, and
 * returns that link. Mail is delivered by a background job, so it may take a moment.
 */
export async function waitForMailLink(
  baseUrl: string,
  to: string,
  linkPattern: RegExp,
  timeoutMs = 15_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/dev/outbox.json`);
    if (response.ok) {
      const messages = (await response.json()) as OutboxMessage[];
      for (const message of messages) {
        if (message.kind !== 'email' || message.to !== to) continue;
        const link = message.text.match(linkPattern)?.[0];
        if (link) return link;
      }
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`No e-mail to ${to} with a link like ${linkPattern} within ${timeoutMs} ms`);
}
