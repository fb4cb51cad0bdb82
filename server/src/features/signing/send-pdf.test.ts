import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SIGNING_CONSENT_VERSION, type SigningView } from '@pactum/core/signing';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { creditTransactions, dealSigners, deals, files, workspaces } from '../../db/schema';
import { verifyEventChain } from '../../documents/audit-chain';
import { createTestApp, eventually, type TestApp } from '../../test/app';
import { createWorkspaceWith } from '../../test/deal-factory';
import { apiAs, createWorkspace } from '../../test/drafts-factories';
import { createUser, type TestUser } from '../../test/factories';
import { waitForMail } from '../../test/outbox';
import { uploadFile } from '../../test/uploads';

/*
 * Send & Sign PDF through the API: an uploaded PDF becomes a deal in signing at once, both
 * parties' signers get their links, and the sealed result is the upload with the signing pages.
 */

let t: TestApp;
let sender: TestUser;
let receiver: TestUser;
let stranger: TestUser;
let workspaceId: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-send-pdf-'));

beforeAll(async () => {
  t = await createTestApp();
  [sender, receiver, stranger] = await Promise.all([
    createUser(t.platform),
    createUser(t.platform),
    createUser(t.platform),
  ]);
  // Sending a PDF costs a credit: the sender's workspace has enough for this file's sends.
  workspaceId = (await createWorkspace(t.database.db, { memberIds: [sender.id], credits: 10 })).id;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const api = apiAs(() => t.app);

async function samplePdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index++) {
    doc.addPage().drawText(`Lease agreement, page ${index + 1}`, { x: 50, y: 700, font, size: 14 });
  }
  return Buffer.from(await doc.save());
}

const form = (uploadId: string, overrides: Record<string, unknown> = {}) => ({
  uploadId,
  title: 'Lease agreement',
  sender: { name: 'Landlord Oy', businessId: '1234567-8' },
  receiver: { name: 'Tenant Ab', businessId: '' },
  signers: [
    {
      party: 'sender',
      firstname: 'sara',
      lastname: 'sender',
      email: sender.email,
      phone: '+358401010101',
    },
    {
      party: 'receiver',
      firstname: 'rick',
      lastname: 'receiver',
      email: receiver.email,
      phone: '+358402020202',
    },
  ],
  representatives: { emails: ['rep@example.test'], message: 'Please have a look.' },
  workspaceId,
  isConfirmed: true,
  ...overrides,
});

const signBody = (font: string, color: string) => ({
  signature: { text: 'Signed here', font, color },
  consent: { isAccepted: true, version: SIGNING_CONSENT_VERSION, lang: 'en' },
});

describe('Send & Sign PDF', () => {
  it('refuses bad forms, non-PDF uploads and workspaces that are not the sender’s', async () => {
    const { id } = await uploadFile(t, sender.cookie, {
      name: 'lease.pdf',
      body: await samplePdf(1),
      purpose: 'attachment',
    });
    if (!id) throw new Error('upload failed');
    const tooMany = await api('POST', '/send-pdf', sender, {
      ...form(id),
      signers: [],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toContain('At least 1 and less than 4');
    const notConfirmed = await api('POST', '/send-pdf', sender, form(id, { isConfirmed: false }));
    expect(notConfirmed.statusCode).toBe(400);
    const otherWorkspace = await createWorkspaceWith(t.database.db, [stranger]);
    const foreign = await api(
      'POST',
      '/send-pdf',
      sender,
      form(id, { workspaceId: otherWorkspace }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe(
      'Please select workspace before sending. Workspace is not selected.',
    );
    // Someone else's upload is not there for the stranger.
    const notTheirs = await api(
      'POST',
      '/send-pdf',
      stranger,
      form(id, { workspaceId: otherWorkspace }),
    );
    expect(notTheirs.statusCode).toBe(404);

    const text = await uploadFile(t, sender.cookie, {
      name: 'notes.pdf',
      body: Buffer.from('just some text, not a PDF at all'),
      purpose: 'attachment',
    });
    // Not a PDF (by its first bytes): the upload itself is refused and removed, so it cannot be sent.
    expect(text.response.statusCode).toBe(415);
    if (!text.id) throw new Error('upload not created');
    expect((await api('POST', '/send-pdf', sender, form(text.id))).statusCode).toBe(404);
  });

  it('makes a deal in signing; both sign; the sealed PDF is the upload with signing pages', async () => {
    const original = await samplePdf(2);
    const { id } = await uploadFile(t, sender.cookie, {
      name: 'lease.pdf',
      body: original,
      purpose: 'attachment',
    });
    if (!id) throw new Error('upload failed');
    // The form is kept per user while it is filled in, and gone once sent.
    const kept = await api('PUT', '/send-pdf/draft', sender, {
      uploadId: id,
      uploadName: 'lease.pdf',
      title: 'Lease agreement',
      signers: [form(id).signers[0]],
    });
    expect(kept.statusCode).toBe(200);
    expect((await api('GET', '/send-pdf/draft', sender)).json()).toMatchObject({
      draft: { uploadId: id, title: 'Lease agreement' },
    });
    expect((await api('GET', '/send-pdf/draft', stranger)).json()).toEqual({ draft: {} });
    expect(
      (await api('PUT', '/send-pdf/draft', sender, { title: 'x', unknown: true })).statusCode,
    ).toBe(400);
    const sent = await api('POST', '/send-pdf', sender, form(id));
    expect(sent.statusCode).toBe(201);
    expect((await api('GET', '/send-pdf/draft', sender)).json()).toEqual({ draft: {} });
    expect(sent.json().message).toBe(
      'This document is now ready for signing and waiting for signatures.',
    );
    const { dealId } = sent.json() as { dealId: string };
    // The same upload cannot make a second deal.
    expect((await api('POST', '/send-pdf', sender, form(id))).statusCode).toBe(409);

    const [deal] = await t.database.db.select().from(deals).where(eq(deals.id, dealId));
    expect(deal).toMatchObject({ state: 'in-signing', process: 'pdf' });
    const signers = await t.database.db
      .select()
      .from(dealSigners)
      .where(eq(dealSigners.dealId, dealId));
    expect(signers.map((signer) => signer.party).sort()).toEqual(['receiver', 'sender']);
    await waitForMail(t.app, sender.email, /Please sign the document "Lease agreement"/);
    const receiverMail = await waitForMail(t.app, receiver.email, /Please sign the document/);
    expect(receiverMail.text).toMatch(/\/document\/sign\/[A-Za-z0-9_-]{22}/);
    const invite = await waitForMail(t.app, 'rep@example.test', /Lease agreement/);
    expect(invite.text).toContain('Please have a look.');

    // The receiver's signer opens it as a signer; the original PDF is theirs to read.
    const view = (await api('GET', `/deals/${dealId}/signing`, receiver)).json() as SigningView;
    expect(view).toMatchObject({ role: 'signer', process: 'pdf', document: { hasPdf: true } });
    const originalDownload = await api('GET', `/deals/${dealId}/original-pdf`, receiver);
    expect(Buffer.compare(originalDownload.rawPayload, original)).toBe(0);
    expect((await api('GET', `/deals/${dealId}/original-pdf`, stranger)).statusCode).toBe(404);
    expect((await api('GET', `/deals/${dealId}/signing`, stranger)).statusCode).toBe(404);
    // The PDF process has no way back to negotiation.
    expect((await api('POST', `/deals/${dealId}/cancel-signing`, sender)).statusCode).toBe(403);

    const mine = view.signers.find((signer) => signer.canSign);
    const senderView = (await api('GET', `/deals/${dealId}/signing`, sender)).json() as SigningView;
    const senderSigner = senderView.signers.find((signer) => signer.canSign);
    // Signing checks the upload against the hash stored with it: no file is read meanwhile.
    const reads = vi.spyOn(t.platform.storage, 'get');
    expect(
      (
        await api(
          'POST',
          `/deals/${dealId}/signers/${mine?.id}/sign`,
          receiver,
          signBody('kalam', 'green'),
        )
      ).statusCode,
    ).toBe(200);
    expect(reads).not.toHaveBeenCalled();
    reads.mockRestore();
    const done = await api(
      'POST',
      `/deals/${dealId}/signers/${senderSigner?.id}/sign`,
      sender,
      signBody('montez', 'purple'),
    );
    expect((done.json() as SigningView).state).toBe('signed');

    const download = await eventually(async () => {
      const response = await api('GET', `/deals/${dealId}/signed-pdf`, receiver);
      return response.statusCode === 200 ? response : undefined;
    }, 60_000);
    const signed = download.rawPayload;
    const loaded = await PDFDocument.load(signed);
    expect(loaded.getPageCount()).toBeGreaterThan(2);
    const file = path.join(tmp, 'signed.pdf');
    fs.writeFileSync(file, signed);
    const report = execFileSync('pdfsig', ['-nocert', '-no-ocsp', file], { encoding: 'utf8' });
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
    const chain = await verifyEventChain(t.database.db, {
      collection: 'deals',
      documentId: dealId,
    });
    expect(chain.isValid).toBe(true);
  }, 90_000);

  it('charges the workspace one credit, with one ledger row for the deal', async () => {
    const payer = await createUser(t.platform);
    const workspace = await createWorkspace(t.database.db, { memberIds: [payer.id], credits: 3 });
    const { id } = await uploadFile(t, payer.cookie, {
      name: 'lease.pdf',
      body: await samplePdf(1),
      purpose: 'attachment',
    });
    if (!id) throw new Error('upload failed');
    const sent = await api('POST', '/send-pdf', payer, form(id, { workspaceId: workspace.id }));
    expect(sent.statusCode).toBe(201);
    const { dealId } = sent.json() as { dealId: string };
    const [after] = await t.database.db
      .select({ credits: workspaces.credits })
      .from(workspaces)
      .where(eq(workspaces.id, workspace.id));
    expect(after?.credits).toBe(2);
    const ledger = await t.database.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.workspaceId, workspace.id));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      product: 'send',
      spend: 1,
      amountChange: -1,
      balanceAfter: 2,
      userId: payer.id,
      collection: 'deals',
      documentId: dealId,
      documentProcess: 'pdf',
      documentTitle: 'Lease agreement',
      receiverName: 'Tenant Ab',
      idempotencyKey: `send:pdf:${id}`,
    });
    // Sending the same upload again is refused before anything is charged.
    expect(
      (await api('POST', '/send-pdf', payer, form(id, { workspaceId: workspace.id }))).statusCode,
    ).toBe(409);
    const [still] = await t.database.db
      .select({ credits: workspaces.credits })
      .from(workspaces)
      .where(eq(workspaces.id, workspace.id));
    expect(still?.credits).toBe(2);
  });

  it('refuses a workspace without credits and makes nothing; the upload can be sent later', async () => {
    const payer = await createUser(t.platform);
    const workspace = await createWorkspace(t.database.db, { memberIds: [payer.id], credits: 0 });
    const { id } = await uploadFile(t, payer.cookie, {
      name: 'lease.pdf',
      body: await samplePdf(1),
      purpose: 'attachment',
    });
    if (!id) throw new Error('upload failed');
    const refused = await api('POST', '/send-pdf', payer, form(id, { workspaceId: workspace.id }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'insufficient_credits',
      message: 'Insufficient credits for this billing account.',
    });
    const madeDeals = await t.database.db
      .select({ id: deals.id })
      .from(deals)
      .where(eq(deals.pdfFileId, id));
    expect(madeDeals).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(creditTransactions)
        .where(eq(creditTransactions.workspaceId, workspace.id)),
    ).toEqual([]);
    const [file] = await t.database.db
      .select({ purpose: files.purpose })
      .from(files)
      .where(eq(files.id, id));
    expect(file?.purpose).toBe('attachment');

    // With a credit bought, the same upload goes out.
    await t.database.db
      .update(workspaces)
      .set({ credits: 1 })
      .where(eq(workspaces.id, workspace.id));
    const sent = await api('POST', '/send-pdf', payer, form(id, { workspaceId: workspace.id }));
    expect(sent.statusCode).toBe(201);
    const [after] = await t.database.db
      .select({ credits: workspaces.credits })
      .from(workspaces)
      .where(eq(workspaces.id, workspace.id));
    expect(after?.credits).toBe(0);
  });

  it('refuses a workspace waiting for review, disabled or rejected, and the demo workspace', async () => {
    const payer = await createUser(t.platform);
    const { id } = await uploadFile(t, payer.cookie, {
      name: 'lease.pdf',
      body: await samplePdf(1),
      purpose: 'attachment',
    });
    if (!id) throw new Error('upload failed');
    const unverified = await createWorkspace(t.database.db, {
      memberIds: [payer.id],
      credits: 5,
      isVerified: false,
    });
    const disabled = await createWorkspace(t.database.db, { memberIds: [payer.id], credits: 5 });
    await t.database.db
      .update(workspaces)
      .set({ isDisabled: true })
      .where(eq(workspaces.id, disabled.id));
    const rejected = await createWorkspace(t.database.db, { memberIds: [payer.id], credits: 5 });
    await t.database.db
      .update(workspaces)
      .set({ isRejected: true })
      .where(eq(workspaces.id, rejected.id));
    for (const workspace of [unverified, disabled, rejected]) {
      const refused = await api(
        'POST',
        '/send-pdf',
        payer,
        form(id, { workspaceId: workspace.id }),
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe('This billing account is waiting for review.');
      const [row] = await t.database.db
        .select({ credits: workspaces.credits })
        .from(workspaces)
        .where(eq(workspaces.id, workspace.id));
      expect(row?.credits).toBe(5);
    }
    const demo = await createWorkspace(t.database.db, {
      memberIds: [payer.id],
      credits: 5,
      isDemo: true,
    });
    const demoRefused = await api('POST', '/send-pdf', payer, form(id, { workspaceId: demo.id }));
    expect(demoRefused.statusCode).toBe(400);
    expect(
      await t.database.db.select({ id: deals.id }).from(deals).where(eq(deals.pdfFileId, id)),
    ).toEqual([]);
  });
});
