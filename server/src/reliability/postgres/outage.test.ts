import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/app';
import { crashTestPlace } from '../../test/crash-place';
import { openLive } from '../../test/live-client';
import { cutDatabase, databaseNameOf, restoreDatabase } from '../../test/pg-admin';
import { signUpOnServer, startServerProcess } from '../../test/processes';

const place = crashTestPlace('outage');
const OUTAGE_MS = 5_000;

let cutName: string | undefined;
afterAll(async () => {
  // A failed test must not leave the database closed for the clean-up that drops it.
  if (cutName) await restoreDatabase(cutName);
});

describe('a database outage of several seconds', () => {
  it('answers 503 while it lasts, then live updates reach the open socket again', async () => {
    const env = await place.env();
    const name = databaseNameOf(env.DATABASE_URL);
    const server = await startServerProcess(env);
    place.servers.push(server);

    const user = await signUpOnServer(server.url, `outage-${Date.now()}@example.test`, {
      firstname: 'Olli',
      lastname: 'Outage',
    });
    const { cookie } = user;
    const saveLanguage = (lang: string) =>
      fetch(`${server.url}/api/v1/me`, {
        method: 'PATCH',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ lang }),
      });

    const live = await openLive(`${server.url.replace('http', 'ws')}/api/v1/live`, {
      origin: server.url,
      cookie,
    });
    try {
      live.send({ type: 'subscribe', topic: `user:${user.id}` });
      await live.next((m) => m.type === 'subscribed');

      cutName = name;
      await cutDatabase(name);
      const cutAt = Date.now();

      const health = await eventually(async () => {
        const response = await fetch(`${server.url}/api/health`);
        const body = (await response.json()) as { realtime: { isListening: boolean } };
        return response.status === 503 && !body.realtime.isListening
          ? { response, body }
          : undefined;
      });
      expect(health.body).toMatchObject({ status: 'degraded', realtime: { isListening: false } });
      expect(Number(health.response.headers.get('retry-after'))).toBeGreaterThan(0);

      const refused = await saveLanguage('fi');
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
        'unavailable',
      );

      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS - (Date.now() - cutAt)));
      await restoreDatabase(name);
      cutName = undefined;

      await eventually(async () =>
        (await fetch(`${server.url}/api/health`)).status === 200 ? true : undefined,
      );
      // The listener is back: the browser is told to refetch what it may have missed.
      await live.next((m) => m.type === 'resync');

      expect((await saveLanguage('fi')).status).toBe(200);
      expect(await live.next((m) => m.type === 'event')).toEqual({
        type: 'event',
        event: { topic: `user:${user.id}`, type: 'user.updated' },
      });
      // The same socket all along: nothing on the browser's side noticed the outage.
      expect(live.messages.filter((m) => m.type === 'ready')).toHaveLength(1);
      expect(live.socket.readyState).toBe(live.socket.OPEN);
    } finally {
      live.close();
    }
  });
});
