import { describe, expect, it } from 'vitest';
import { eventually } from '../test/app';
import { crashTestPlace } from '../test/crash-place';
import {
  outboxSubjects,
  signUpOnServer,
  startServerProcess,
  waitForOutput,
} from '../test/processes';

const place = crashTestPlace('job-crash');
const fetchedPlace = crashTestPlace('job-fetched');
/** The verification mail's job holds once it runs, until the test kills its process. */
const HOLD = 'job-hold:mail.deliver-account';
const SUBJECT = 'Verify your e-mail address for Pactum';
/** The process exits once a fetch of verification mails got one, before running it. */
const FETCHED = 'job-fetched:mail.deliver-account';
/** What ARCHITECTURE states: a restarted process runs a dead one's jobs within seconds. */
const RESTART_TAKEOVER_MS = 15_000;

describe('a job running when its process dies', () => {
  it('is delivered within a minute of the restart, exactly once', async () => {
    const env = await place.env();
    const first = await startServerProcess({ ...env, PACTUM_CRASH_AT: HOLD });
    place.servers.push(first);
    const email = `held-${Date.now()}@example.test`;
    await signUpOnServer(first.url, email);
    // The mail job is running (active, its run noted) and will not finish by itself.
    await waitForOutput(first, HOLD);
    expect(await outboxSubjects(first.url, email)).toEqual([]);

    // Killed hard: no shutdown code runs, the job stays active in the database.
    await first.stop('SIGKILL');

    const second = await startServerProcess(env);
    place.servers.push(second);
    const healthyAt = Date.now();
    const delivered = await eventually(async () => {
      const subjects = await outboxSubjects(second.url, email);
      return subjects.length > 0 ? subjects : undefined;
    }, 60_000);
    expect(Date.now() - healthyAt).toBeLessThan(60_000);
    expect(delivered).toEqual([SUBJECT]);
    // A few worker polls later, still exactly one.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await outboxSubjects(second.url, email)).toEqual([SUBJECT]);
  });

  it('is delivered at the restart when the process died right after fetching it', async () => {
    const env = await fetchedPlace.env();
    // The process exits as soon as a fetch of the verification mails got one: the jobs are
    // active in the database and none of them has started.
    const first = await startServerProcess({ ...env, PACTUM_CRASH_AT: FETCHED });
    fetchedPlace.servers.push(first);
    const exited = new Promise<number | null>((resolve) => first.child.once('exit', resolve));
    const email = `fetched-${Date.now()}@example.test`;
    // The process may die before it answers: the sign-up and its mail job committed before.
    await signUpOnServer(first.url, email).catch(() => undefined);
    expect(await exited).toBe(70);

    const second = await startServerProcess(env);
    fetchedPlace.servers.push(second);
    const healthyAt = Date.now();
    const delivered = await eventually(async () => {
      const subjects = await outboxSubjects(second.url, email);
      return subjects.length > 0 ? subjects : undefined;
    }, 60_000);
    // Handed back at the start, not after the queue's expiry (a minute for mail) and a retry.
    expect(Date.now() - healthyAt).toBeLessThan(RESTART_TAKEOVER_MS);
    expect(delivered).toEqual([SUBJECT]);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await outboxSubjects(second.url, email)).toEqual([SUBJECT]);
  });
});
