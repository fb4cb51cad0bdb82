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
/** The verification mail's job holds once it runs, until the test kills its process. */
const HOLD = 'job-hold:mail.deliver-account';
const SUBJECT = 'Verify your e-mail address for Pactum';

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
});
