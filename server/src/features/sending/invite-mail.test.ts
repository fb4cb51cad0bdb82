import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealInvites, deals } from '../../db/schema';
import { createTestApp, eventually, type TestApp } from '../../test/app';
import { callApi, sendFinished, sendNewDraft } from '../../test/drafts-factories';
import { createUser, type TestUser } from '../../test/factories';

let t: TestApp;
let smtp: SMTPServer;
let sender: TestUser;
const received: string[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('nobody')) {
        return callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  sender = await createUser(t.platform);
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('invite mail status through SMTP', () => {
  it('becomes delivered when the server accepts the mail and bounced when it refuses the address', async () => {
    const { draft, sent } = await sendNewDraft(t.app, t.database.db, sender, [
      { name: 'Real Buyer', emails: ['anna@buyer.test'] },
      { name: 'Ghost Buyer', emails: ['nobody@ghost.test'] },
    ]);
    expect(sent.statusCode).toBe(202);
    await sendFinished(t.database.db, draft.id);
    const statusOf = async (email: string) => {
      const [invite] = await t.database.db
        .select({ mailStatus: dealInvites.mailStatus })
        .from(dealInvites)
        .innerJoin(deals, eq(deals.id, dealInvites.dealId))
        .where(eq(dealInvites.email, email));
      return invite?.mailStatus;
    };
    await eventually(async () =>
      (await statusOf('anna@buyer.test')) === 'delivered' ? true : undefined,
    );
    await eventually(async () =>
      (await statusOf('nobody@ghost.test')) === 'bounced' ? true : undefined,
    );
    expect(received).toEqual(['anna@buyer.test']);

    // A bounced invite may be sent again; its status is new until the next outcome.
    const [bounced] = await t.database.db
      .select()
      .from(dealInvites)
      .where(eq(dealInvites.email, 'nobody@ghost.test'));
    const resend = await callApi(t.app, 'POST', `/invites/${bounced?.id}/resend`, sender.cookie);
    expect(resend.statusCode).toBe(204);
    await eventually(async () =>
      (await statusOf('nobody@ghost.test')) === 'bounced' ? true : undefined,
    );
  });
});
