import { describe, expect, it } from 'vitest';
import { createRealtime, LIVE_CHANNEL } from '../../platform/realtime/realtime';
import { eventually } from '../../test/app';
import { createTestDatabase } from '../../test/database';
import { alwaysValid, fakeSocket } from '../../test/fake-socket';

describe('the realtime hub on PostgreSQL', () => {
  it('listens again after PostgreSQL cuts its connection', async () => {
    const database = await createTestDatabase();
    try {
      const realtime = createRealtime(database);
      await realtime.start();
      const { socket, sent, receive } = fakeSocket();
      realtime.attach(socket, { userId: 'u1', ...alwaysValid });
      receive({ type: 'subscribe', topic: 'user:u1' });
      await eventually(() => sent.find((m) => m.type === 'subscribed'));

      // As a restart or failover does to it: the listening backend ends.
      await database.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND query = $1`,
        [`LISTEN "${LIVE_CHANNEL}"`],
      );
      await eventually(() => sent.find((m) => m.type === 'resync'));
      expect(realtime.isListening).toBe(true);
      await database.db.transaction((tx) =>
        realtime.publish(tx, { topic: 'user:u1', type: 'after.cut' }),
      );
      expect(await eventually(() => sent.find((m) => m.type === 'event'))).toEqual({
        type: 'event',
        event: { topic: 'user:u1', type: 'after.cut' },
      });
      await realtime.stop();
    } finally {
      await database.close();
    }
  });
});
