import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SIGNING_CONSENT_VERSION, type SigningView } from '@pactum/core/signing';
import { and, eq, inArray, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { devOutbox, files, signedPdfs } from '../../db/schema';
import { sha256Hex } from '../../platform/pdf/content-hash';
import { createPlatform } from '../../platform/platform';
import { openConfiguredDatabase } from '../../start';
import { eventually } from '../../test/app';
import { crashTestPlace } from '../../test/crash-place';
import { createDeal } from '../../test/deal-factory';
import { createUser, type TestUser } from '../../test/factories';
import { startServerProcess } from '../../test/processes';
import { SIGNED_PDF_CRASH_AFTER_STORE } from './signed-pdf';

const { dataDir, servers, env: placeEnv } = crashTestPlace('pdf-crash');

type Message = { to: string; subject: string };

describe('a signed PDF interrupted by a crash', () => {
  it('is sealed, recorded and mailed once after the restart', async () => {
    // Embedded: the same data folder. PostgreSQL: the same database.
    const env = await placeEnv();

    // A deal in negotiation between two users, made before any server runs (the embedded
    // database allows one process at a time).
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
    const setup = await openConfiguredDatabase(config);
    const setupPlatform = await createPlatform(config, setup);
    const sender = await createUser(setupPlatform);
    const receiver = await createUser(setupPlatform);
    const { deal } = await createDeal(setup.db, {
      sender,
      receiver,
      state: 'negotiate',
      title: 'Toimitussopimus',
      isAgreedByReceiver: true,
    });
    await setup.close();

    // The first server dies after the sealed PDF is stored, before its row is marked done.
    const first = await startServerProcess({
      ...env,
      PACTUM_CRASH_AT: SIGNED_PDF_CRASH_AFTER_STORE,
    });
    servers.push(first);
    const exited = new Promise<number | null>((resolve) => first.child.once('exit', resolve));
    const call = async (method: string, url: string, user: TestUser, body: unknown) => {
      const response = await fetch(`${first.url}/api/v1${url}`, {
        method,
        headers: { 'content-type': 'application/json', origin: first.url, cookie: user.cookie },
        body: JSON.stringify(body),
      });
      expect(response.status, `${method} ${url}`).toBe(200);
      return (await response.json()) as SigningView;
    };
    const signerOf = (user: TestUser, party: 'sender' | 'receiver') => ({
      party,
      firstname: 'Maija',
      lastname: 'Meikäläinen',
      email: user.email,
      phone: party === 'sender' ? '+358401111111' : '+358402222222',
    });
    const signBody = {
      signature: { text: 'Maija M', font: 'kalam', color: 'green' },
      consent: { isAccepted: true, version: SIGNING_CONSENT_VERSION, lang: 'en' },
    };
    await call('POST', `/deals/${deal.id}/start-signing`, sender, {
      signers: [signerOf(sender, 'sender')],
      use2faInSigning: false,
    });
    const view = await call('PUT', `/deals/${deal.id}/signers`, receiver, {
      signers: [signerOf(receiver, 'receiver')],
    });
    const signerIdOf = (party: 'sender' | 'receiver') =>
      view.signers.find((signer) => signer.party === party)?.id ?? '';
    await call('POST', `/deals/${deal.id}/signers/${signerIdOf('sender')}/sign`, sender, signBody);
    // The last signature completes the deal and queues the job, which stores the PDF and ends
    // the process.
    await call(
      'POST',
      `/deals/${deal.id}/signers/${signerIdOf('receiver')}/sign`,
      receiver,
      signBody,
    );
    expect(await exited).toBe(70);
    const folder = path.join(dataDir, 'files', 'signed-pdfs', deal.id);
    const storedAtCrash = fs.readdirSync(folder).filter((name) => name.endsWith('.pdf'));
    expect(storedAtCrash).toHaveLength(1);

    const second = await startServerProcess(env);
    servers.push(second);
    const emails = [sender.email, receiver.email];
    const completionMails = async () =>
      ((await (await fetch(`${second.url}/dev/outbox.json`)).json()) as Message[]).filter(
        (m) => emails.includes(m.to) && m.subject === 'All parties have signed "Toimitussopimus"',
      );
    await eventually(
      async () => ((await completionMails()).length >= 2 ? true : undefined),
      60_000,
    );
    // Another few poll rounds of the workers later, still one mail each.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await completionMails()).map((m) => m.to).sort()).toEqual([...emails].sort());
    await second.stop('SIGTERM');

    const after = await openConfiguredDatabase(config);
    try {
      const platform = await createPlatform(config, after);
      const rows = await after.db.select().from(signedPdfs).where(eq(signedPdfs.dealId, deal.id));
      expect(rows).toHaveLength(1);
      const [row] = rows;
      // The run that crashed, then the one the restart resumed.
      expect(row).toMatchObject({ state: 'done', lastError: null, attempts: 2 });
      const recorded = await after.db
        .select()
        .from(files)
        .where(like(files.storageKey, `signed-pdfs/${deal.id}/%`));
      expect(recorded).toHaveLength(1);
      const [file] = recorded;
      expect(file).toMatchObject({ id: row?.fileId, sha256: row?.sha256, purpose: 'signed-pdf' });
      const bytes = await platform.storage.get(file?.storageKey ?? '');
      expect(sha256Hex(bytes)).toBe(row?.sha256);
      expect(bytes.length).toBe(file?.size);
      // The resumed run sealed anew (another seal time, another hash) and removed the crashed
      // run's object, which nothing recorded: one PDF in storage.
      const storedAfter = fs.readdirSync(folder).filter((name) => name.endsWith('.pdf'));
      expect(storedAfter).toEqual([`${row?.sha256}.pdf`]);
      expect(row?.storedKeys).toEqual([]);

      const pdfFile = path.join(dataDir, 'check.pdf');
      fs.writeFileSync(pdfFile, bytes);
      const report = execFileSync('pdfsig', ['-nocert', '-no-ocsp', pdfFile], {
        encoding: 'utf8',
      });
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain('Total document signed');

      const mails = await after.db
        .select()
        .from(devOutbox)
        .where(
          and(
            eq(devOutbox.kind, 'email'),
            inArray(devOutbox.to, emails),
            like(devOutbox.subject, 'All parties have signed%'),
          ),
        );
      expect(mails.map((mail) => mail.to).sort()).toEqual([...emails].sort());
      expect(new Set(mails.map((mail) => mail.messageKey)).size).toBe(2);
      for (const mail of mails) expect(mail.text).toContain(row?.sha256 ?? 'no hash');
    } finally {
      await after.close();
    }
  }, 180_000);
});
