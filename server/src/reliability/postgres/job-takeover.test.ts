import { describe, expect, it } from 'vitest';
import { HEARTBEAT_INTERVAL_MS, STALE_AFTER_SECONDS } from '../../platform/jobs/leases';
import { eventually } from '../../test/app';
import { crashTestPlace } from '../../test/crash-place';
import {
  outboxSubjects,
  signUpOnServer,
  startServerProcess,
  waitForOutput,
} from '../../test/processes';

const place = crashTestPlace('job-takeover');
/** The verification mail's job holds once it runs, until the test kills its process. */
const HOLD = 'job-hold:mail.deliver-account';
const SUBJECT = 'Verify your e-mail address for Pactum';

describe('two worker processes on one database', () => {
  it('the live one takes over the job of a killed one within 40 s, exactly once', async () => {
    const env = await place.env();
    // Alone at first, so that the held process is the one that fetches the mail job.
    const holder = await startServerProcess({ ...env, PACTUM_CRASH_AT: HOLD });
    place.servers.push(holder);
    const email = `takeover-${Date.now()}@example.test`;
    await signUpOnServer(holder.url, email);
    await waitForOutput(holder, HOLD);

    // Started while the holder lives: the job is not taken from a live process.
    const rescuer = await startServerProcess(env);
    place.servers.push(rescuer);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await outboxSubjects(rescuer.url, email)).toEqual([]);

    // Killed hard, it stops its heartbeat; the rescuer's sweeper notices and hands the job back.
    await holder.stop('SIGKILL');
    const killedAt = Date.now();
    const delivered = await eventually(async () => {
      const subjects = await outboxSubjects(rescuer.url, email);
      return subjects.length > 0 ? subjects : undefined;
    }, 60_000);
    // 30 s of silence make it dead, the next sweep (every 10 s) hands its job back; 5 s to run it.
    expect(Date.now() - killedAt).toBeLessThan(
      (STALE_AFTER_SECONDS + 5) * 1000 + HEARTBEAT_INTERVAL_MS,
    );
    expect(delivered).toEqual([SUBJECT]);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await outboxSubjects(rescuer.url, email)).toEqual([SUBJECT]);
  });
});
