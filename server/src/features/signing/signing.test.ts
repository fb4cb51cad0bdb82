import {
  SIGNING_CONSENT_VERSION,
  type SigningView,
  signingConsentText,
} from '@pactum/core/signing';
import { and, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dealSections,
  dealSigners,
  deals,
  documentEvents,
  signedPdfs,
  signerCodes,
  users,
} from '../../db/schema';
import { verifyEventChain } from '../../documents/audit-chain';
import { sha256Hex } from '../../platform/pdf/content-hash';
import { createTestApp, eventually, type TestApp } from '../../test/app';
import { createDeal, createWorkspaceWith } from '../../test/deal-factory';
import { apiAs } from '../../test/drafts-factories';
import { createUser, type TestUser } from '../../test/factories';
import { type OutboxMessage, waitForMail } from '../../test/outbox';
import { pdfsig } from '../../test/pdf-tools';

/*
 * The signing flow through the API: signers, start signing (e-mails), the SMS two-step check,
 * signatures, completion, the sealed PDF (pdfsig), and everyone who must be refused.
 */

let t: TestApp;
let sender: TestUser;
let receiver: TestUser;
let stranger: TestUser;
let otherWorkspaceUser: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [sender, receiver, stranger, otherWorkspaceUser] = await Promise.all([
    createUser(t.platform),
    createUser(t.platform, { lang: 'fi' }),
    createUser(t.platform),
    createUser(t.platform),
  ]);
  await createWorkspaceWith(t.database.db, [otherWorkspaceUser]);
});
afterAll(async () => {
  await t?.close();
});

const api = apiAs(() => t.app);

const signerOf = (user: TestUser, party: 'sender' | 'receiver', phone: string) => ({
  party,
  firstname: ' maija ',
  lastname: 'meikäläinen',
  email: ` ${user.email.toUpperCase()} `,
  phone,
});

const signBody = (font: string, color: string, lang: 'en' | 'fi' = 'en') => ({
  signature: { text: '  Maija M  ', font, color },
  consent: { isAccepted: true, version: SIGNING_CONSENT_VERSION, lang },
});

async function outbox(): Promise<OutboxMessage[]> {
  return (await t.app.inject({ method: 'GET', url: '/dev/outbox.json' })).json() as OutboxMessage[];
}

function flipSignedByte(sealed: Uint8Array): Uint8Array {
  const text = Buffer.from(sealed).toString('latin1');
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text);
  if (!match) throw new Error('no ByteRange');
  const copy = new Uint8Array(sealed);
  const at = Math.floor(Number(match[2]) / 2);
  copy[at] = (copy[at] ?? 0) ^ 0x01;
  return copy;
}

describe('signing a deal', () => {
  it('starts signing, checks the SMS code, signs, completes and seals the PDF', async () => {
    const { deal } = await createDeal(t.database.db, {
      sender,
      receiver,
      state: 'negotiate',
      title: 'Toimitussopimus',
      isAgreedByReceiver: true,
    });

    // Bad setups are refused with the spec's messages.
    const duplicate = await api('POST', `/deals/${deal.id}/start-signing`, sender, {
      signers: [
        signerOf(sender, 'sender', '+358401111111'),
        signerOf(sender, 'sender', '+358401111112'),
      ],
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().error.message).toBe(
      `You have signers with same email: ${sender.email}`,
    );
    const badPhone = await api('POST', `/deals/${deal.id}/start-signing`, sender, {
      signers: [signerOf(sender, 'sender', '0401111111')],
    });
    expect(badPhone.json().error.message).toBe('Phone number must be valid (e.g., +358)');
    const none = await api('POST', `/deals/${deal.id}/start-signing`, sender, { signers: [] });
    expect(none.json().error.message).toBe('At least 1 and less than 4');
    // Naming the other party's signers is not the caller's to do.
    const otherParty = await api('POST', `/deals/${deal.id}/start-signing`, sender, {
      signers: [signerOf(receiver, 'receiver', '+358401111113')],
    });
    expect(otherParty.statusCode).toBe(403);

    const started = await api('POST', `/deals/${deal.id}/start-signing`, sender, {
      signers: [signerOf(sender, 'sender', '+358 40 111 1111')],
      use2faInSigning: true,
    });
    expect(started.statusCode).toBe(200);
    const view = started.json() as SigningView;
    expect(view.state).toBe('in-signing');
    expect(view.signers).toHaveLength(1);
    expect(view.signers[0]).toMatchObject({
      firstname: 'Maija',
      lastname: 'Meikäläinen',
      email: sender.email,
      // The party's own editors see the phone they entered; the other party sees it masked.
      phone: '+358401111111',
      state: 'new',
      isMe: true,
      canSign: true,
      twoStep: 'started',
    });
    const [stored] = await t.database.db.select().from(deals).where(eq(deals.id, deal.id));
    expect(stored?.contentSha256).toMatch(/^[0-9a-f]{64}$/);
    const [senderSigner] = await t.database.db
      .select()
      .from(dealSigners)
      .where(eq(dealSigners.dealId, deal.id));
    // 128 bits, base64url.
    expect(senderSigner?.shortId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const request = await waitForMail(t.app, sender.email, /Please sign the document/);
    expect(request.text).toContain(`/document/sign/${senderSigner?.shortId}`);

    // The text is frozen in signing: the negotiation refuses edits.
    const [section] = await t.database.db
      .select()
      .from(dealSections)
      .where(eq(dealSections.dealId, deal.id));
    expect(
      (await api('POST', `/deals/${deal.id}/sections/${section?.id}/lock`, sender)).statusCode,
    ).toBeGreaterThanOrEqual(400);

    // The receiver names their own signer in signing: e-mailed in their language.
    const setup = await api('PUT', `/deals/${deal.id}/signers`, receiver, {
      signers: [signerOf(receiver, 'receiver', '+358402222222')],
    });
    expect(setup.statusCode).toBe(200);
    const receiverMail = await waitForMail(t.app, receiver.email, /Allekirjoita asiakirja/);
    const receiverView = setup.json() as SigningView;
    const receiverSigner = receiverView.signers.find((signer) => signer.party === 'receiver');
    const senderSignerView = receiverView.signers.find((signer) => signer.party === 'sender');
    if (!receiverSigner || !senderSignerView) throw new Error('signers missing');
    expect(receiverMail.text).toContain('/document/sign/');
    expect(receiverSigner.canSign).toBe(true);
    expect(senderSignerView.canSign).toBe(false);
    expect(senderSignerView.phone).toBe('+358******111');
    expect(receiverSigner.phone).toBe('+358402222222');

    // Refused: strangers, another workspace, the other party's signer, before the SMS check.
    for (const user of [stranger, otherWorkspaceUser]) {
      expect((await api('GET', `/deals/${deal.id}/signing`, user)).statusCode).toBe(404);
      expect(
        (
          await api(
            'POST',
            `/deals/${deal.id}/signers/${receiverSigner.id}/sign`,
            user,
            signBody('kalam', 'green'),
          )
        ).statusCode,
      ).toBe(404);
      expect((await api('GET', `/deals/${deal.id}/signed-pdf`, user)).statusCode).toBe(404);
    }
    const asOther = await api(
      'POST',
      `/deals/${deal.id}/signers/${senderSignerView.id}/sign`,
      receiver,
      signBody('kalam', 'green'),
    );
    expect(asOther.statusCode).toBe(403);
    // A code the web translates (the receiver reads Finnish), with the English text for programs.
    expect(asOther.json().error).toMatchObject({
      code: 'not_your_signer',
      message: 'Only the named signer can sign here.',
    });
    const beforeCode = await api(
      'POST',
      `/deals/${deal.id}/signers/${receiverSigner.id}/sign`,
      receiver,
      signBody('kalam', 'green', 'fi'),
    );
    expect(beforeCode.statusCode).toBe(403);
    const noConsent = await api(
      'POST',
      `/deals/${deal.id}/signers/${receiverSigner.id}/sign`,
      receiver,
      {
        ...signBody('kalam', 'green'),
        consent: { isAccepted: false, version: SIGNING_CONSENT_VERSION, lang: 'en' },
      },
    );
    expect(noConsent.statusCode).toBe(400);
    const tooShort = await api(
      'POST',
      `/deals/${deal.id}/signers/${receiverSigner.id}/sign`,
      receiver,
      {
        ...signBody('kalam', 'green'),
        signature: { text: ' M ', font: 'kalam', color: 'green' },
      },
    );
    expect(tooShort.json().error.message).toContain('Please fill your signature to input field.');
    // Another party's signer cannot have a code sent.
    expect(
      (await api('POST', `/deals/${deal.id}/signers/${senderSignerView.id}/code`, receiver))
        .statusCode,
    ).toBe(403);

    // SMS code: wrong ×5 locks, a new code works once, an expired one is refused.
    const sent = await api('POST', `/deals/${deal.id}/signers/${receiverSigner.id}/code`, receiver);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe('Vahvistuskoodi lähetetty numeroon: +358******222');
    const sms = await waitForMail(t.app, '+358402222222', /.*/);
    const code = /\b(\d{6})\b/.exec(sms.text)?.[1] ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await api(
        'POST',
        `/deals/${deal.id}/signers/${receiverSigner.id}/code/verify`,
        receiver,
        { code: wrong },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('two_step_code_invalid');
    }
    const locked = await api(
      'POST',
      `/deals/${deal.id}/signers/${receiverSigner.id}/code/verify`,
      receiver,
      { code },
    );
    expect(locked.statusCode).toBe(429);

    const before = Date.now();
    await api('POST', `/deals/${deal.id}/signers/${receiverSigner.id}/code`, receiver);
    const second = await waitForMail(t.app, '+358402222222', /.*/, { after: before - 1000 });
    const secondCode = await eventually(async () => {
      const messages = (await outbox()).filter((m) => m.to === '+358402222222');
      const last = /\b(\d{6})\b/.exec(messages[0]?.text ?? second.text)?.[1];
      return messages.length >= 2 ? last : undefined;
    });
    await t.database.db
      .update(signerCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signerCodes.signerId, receiverSigner.id));
    const expired = await api(
      'POST',
      `/deals/${deal.id}/signers/${receiverSigner.id}/code/verify`,
      receiver,
      { code: secondCode },
    );
    expect(expired.statusCode).toBe(400);

    const third = Date.now();
    await api('POST', `/deals/${deal.id}/signers/${receiverSigner.id}/code`, receiver);
    const thirdCode = await eventually(async () => {
      const messages = (await outbox()).filter(
        (m) => m.to === '+358402222222' && Date.parse(m.createdAt) >= third - 1000,
      );
      const found = messages.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]).find(Boolean);
      return messages.length > 0 && found !== secondCode ? found : undefined;
    });
    const verified = await api(
      'POST',
      `/deals/${deal.id}/signers/${receiverSigner.id}/code/verify`,
      receiver,
      { code: thirdCode },
    );
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toBe('Vahvistus valmis');
    // Single use.
    const reused = await api(
      'POST',
      `/deals/${deal.id}/signers/${receiverSigner.id}/code/verify`,
      receiver,
      { code: thirdCode },
    );
    expect(reused.statusCode).toBeGreaterThanOrEqual(400);

    const receiverSigned = await api(
      'POST',
      `/deals/${deal.id}/signers/${receiverSigner.id}/sign`,
      receiver,
      signBody('kalam', 'green', 'fi'),
    );
    expect(receiverSigned.statusCode).toBe(200);
    const afterReceiver = receiverSigned.json() as SigningView;
    expect(afterReceiver.state).toBe('in-signing');
    expect(afterReceiver.signers.find((s) => s.id === receiverSigner.id)).toMatchObject({
      state: 'signed',
      signature: { text: 'Maija M', font: 'kalam', color: 'green' },
      canSign: false,
    });
    const [signedRow] = await t.database.db
      .select()
      .from(dealSigners)
      .where(eq(dealSigners.id, receiverSigner.id));
    expect(signedRow?.consentText).toBe(signingConsentText.fi);
    expect(signedRow?.ip).toBeTruthy();
    // Twice is refused.
    expect(
      (
        await api(
          'POST',
          `/deals/${deal.id}/signers/${receiverSigner.id}/sign`,
          receiver,
          signBody('kalam', 'green'),
        )
      ).statusCode,
    ).toBe(409);
    // With a signature in, signing cannot be cancelled any more.
    expect((await api('POST', `/deals/${deal.id}/cancel-signing`, sender)).statusCode).toBe(409);

    // The sender verifies and signs: the deal completes.
    await api('POST', `/deals/${deal.id}/signers/${senderSignerView.id}/code`, sender);
    const senderSms = await waitForMail(t.app, '+358401111111', /.*/);
    const senderCode = /\b(\d{6})\b/.exec(senderSms.text)?.[1];
    expect(
      (
        await api('POST', `/deals/${deal.id}/signers/${senderSignerView.id}/code/verify`, sender, {
          code: senderCode,
        })
      ).statusCode,
    ).toBe(200);
    const completed = await api(
      'POST',
      `/deals/${deal.id}/signers/${senderSignerView.id}/sign`,
      sender,
      signBody('dancing-script', 'purple'),
    );
    expect(completed.statusCode).toBe(200);
    const done = completed.json() as SigningView;
    expect(done.state).toBe('signed');
    expect(done.signedAt).toBeTruthy();
    const events = done.events.map((event) => event.event);
    expect(events).toEqual(
      expect.arrayContaining([
        'signign-start',
        'signer-2fa-code-sent',
        'signer-2fa-completed',
        'document-sign',
        'signing-complete',
        'send-all-signers-email',
      ]),
    );
    expect(events.indexOf('signing-complete')).toBeLessThan(
      events.indexOf('send-all-signers-email'),
    );

    // The job seals the PDF once; every signer gets it.
    const pdfRow = await eventually(async () => {
      const [row] = await t.database.db
        .select()
        .from(signedPdfs)
        .where(eq(signedPdfs.dealId, deal.id));
      return row?.state === 'done' ? row : undefined;
    }, 60_000);
    await waitForMail(t.app, sender.email, /All parties have signed/);
    await waitForMail(t.app, receiver.email, /Kaikki osapuolet/);

    for (const user of [sender, receiver]) {
      const download = await api('GET', `/deals/${deal.id}/signed-pdf`, user);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      const bytes = download.rawPayload;
      expect(sha256Hex(bytes)).toBe(pdfRow.sha256);
      const report = pdfsig(bytes);
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain('Total document signed');
      const tampered = pdfsig(flipSignedByte(bytes));
      expect(tampered).not.toContain('Signature is Valid');
    }

    const chain = await verifyEventChain(t.database.db, {
      collection: 'deals',
      documentId: deal.id,
    });
    expect(chain).toMatchObject({ isValid: true });
    expect((await api('GET', `/deals/${deal.id}/signing`, sender)).json()).toMatchObject({
      isAuditChainValid: true,
      signedPdf: { state: 'done', sha256: pdfRow.sha256 },
    });
    // The sealed PDF's last audit hash is kept: cutting the trail back past it is detected.
    expect(pdfRow.auditChainHead).toMatch(/^[0-9a-f]{64}$/);
    const cut = await t.database.db
      .delete(documentEvents)
      .where(
        and(
          eq(documentEvents.documentId, deal.id),
          gte(
            documentEvents.seq,
            sql`(select seq from document_event where hash = ${pdfRow.auditChainHead})`,
          ),
        ),
      )
      .returning({ id: documentEvents.id });
    expect(cut.length).toBeGreaterThan(0);
    expect(
      await verifyEventChain(t.database.db, { collection: 'deals', documentId: deal.id }),
    ).toMatchObject({ isValid: true });
    expect((await api('GET', `/deals/${deal.id}/signing`, sender)).json()).toMatchObject({
      isAuditChainValid: false,
    });
  }, 120_000);

  it('refuses a signature when the text changed after signing started', async () => {
    const { deal, sections } = await createDeal(t.database.db, {
      sender,
      receiver,
      state: 'negotiate',
      isAgreedByReceiver: true,
    });
    await api('POST', `/deals/${deal.id}/start-signing`, sender, {
      signers: [signerOf(sender, 'sender', '+358403333333')],
    });
    const view = (
      await api('PUT', `/deals/${deal.id}/signers`, receiver, {
        signers: [signerOf(receiver, 'receiver', '+358404444444')],
      })
    ).json() as SigningView;
    const target = sections.find((section) => section.type === 'normal');
    const option = target?.content[0];
    if (!target || !option) throw new Error('no section');
    await t.database.db
      .update(dealSections)
      .set({ content: [{ ...option, html: '<p>Changed behind the signers’ backs.</p>' }] })
      .where(eq(dealSections.id, target.id));
    const mine = view.signers.find((signer) => signer.party === 'receiver');
    const refused = await api(
      'POST',
      `/deals/${deal.id}/signers/${mine?.id}/sign`,
      receiver,
      signBody('montez', 'indigo', 'fi'),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('deal_content_changed');
  });

  it('cancels signing back to negotiation and refuses signing outside in-signing', async () => {
    const { deal } = await createDeal(t.database.db, {
      sender,
      receiver,
      state: 'negotiate',
      isAgreedByReceiver: true,
    });
    // Signers may be named ahead (0 to 4), no e-mails yet.
    const ahead = await api('PUT', `/deals/${deal.id}/signers`, receiver, {
      signers: [signerOf(receiver, 'receiver', '+358405555555')],
    });
    expect(ahead.statusCode).toBe(200);
    const signerId = (ahead.json() as SigningView).signers[0]?.id;
    const early = await api(
      'POST',
      `/deals/${deal.id}/signers/${signerId}/sign`,
      receiver,
      signBody('kalam', 'grey'),
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('deal_not_in_signing');
    expect((await api('POST', `/deals/${deal.id}/cancel-signing`, sender)).statusCode).toBe(409);

    await api('POST', `/deals/${deal.id}/start-signing`, sender, {
      signers: [signerOf(sender, 'sender', '+358406666666')],
    });
    // The receiver's signer named ahead is e-mailed when signing starts.
    await waitForMail(t.app, receiver.email, /Allekirjoita asiakirja/);
    expect((await api('POST', `/deals/${deal.id}/cancel-signing`, stranger)).statusCode).toBe(404);
    const cancelled = await api('POST', `/deals/${deal.id}/cancel-signing`, receiver);
    expect(cancelled.statusCode).toBe(200);
    const view = cancelled.json() as SigningView;
    expect(view).toMatchObject({ state: 'negotiate', process: 'negotiate', signers: [] });
    expect(view.events.map((event) => event.event)).toContain('restart-nego');
    const chain = await verifyEventChain(t.database.db, {
      collection: 'deals',
      documentId: deal.id,
    });
    expect(chain.isValid).toBe(true);
  });

  it('lets a named signer without the deal’s access sign through their link', async () => {
    const colleague = await createUser(t.platform);
    const { deal } = await createDeal(t.database.db, {
      sender,
      receiver,
      state: 'negotiate',
      isAgreedByReceiver: true,
    });
    // The colleague sees nothing before signing starts.
    expect((await api('GET', `/deals/${deal.id}/signing`, colleague)).statusCode).toBe(404);
    await api('POST', `/deals/${deal.id}/start-signing`, sender, {
      signers: [signerOf(colleague, 'sender', '+358407777777')],
    });
    await api('PUT', `/deals/${deal.id}/signers`, receiver, {
      signers: [signerOf(receiver, 'receiver', '+358408888888')],
    });
    const [link] = await t.database.db
      .select()
      .from(dealSigners)
      .where(eq(dealSigners.email, colleague.email));
    // Known at once as the colleague's (the to-sign list, the link).
    expect(link?.userId).toBe(colleague.id);
    const homeCounts = async () =>
      (await t.database.db.select().from(users).where(eq(users.id, colleague.id)))[0]?.homeCounts;
    expect((await homeCounts())?.sign).toBe(1);
    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/v1/invites/sign/${link?.shortId}`,
      headers: { cookie: colleague.cookie },
    });
    expect(opened.json()).toMatchObject({
      outcome: 'open',
      path: `/dashboard/documents/deals/${deal.id}/sign`,
    });
    // Someone else cannot use the colleague's link.
    const used = await api('POST', `/invites/sign/${link?.shortId}/claim`, stranger);
    expect(used.statusCode).toBe(409);

    const view = (await api('GET', `/deals/${deal.id}/signing`, colleague)).json() as SigningView;
    expect(view).toMatchObject({
      role: 'signer',
      myParty: 'sender',
      canSetupSigners: false,
      canCancelSigning: false,
      canStartSigning: false,
    });
    expect(view.signers.filter((signer) => signer.canSign)).toHaveLength(1);
    // A signer is not a party editor.
    expect((await api('POST', `/deals/${deal.id}/cancel-signing`, colleague)).statusCode).toBe(403);
    expect(
      (
        await api('PUT', `/deals/${deal.id}/signers`, colleague, {
          signers: [signerOf(colleague, 'sender', '+358407777777')],
        })
      ).statusCode,
    ).toBe(403);

    const mine = view.signers.find((signer) => signer.canSign);
    const theirs = view.signers.find((signer) => signer.party === 'receiver');
    expect(
      (
        await api(
          'POST',
          `/deals/${deal.id}/signers/${mine?.id}/sign`,
          colleague,
          signBody('mr-bedfort', 'grey'),
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await api(
          'POST',
          `/deals/${deal.id}/signers/${theirs?.id}/sign`,
          receiver,
          signBody('bad-script', 'indigo', 'fi'),
        )
      ).statusCode,
    ).toBe(200);
    expect((await homeCounts())?.sign).toBe(0);
    // Retrying is the sender's, and only for a failed PDF.
    expect((await api('POST', `/deals/${deal.id}/signed-pdf/retry`, receiver)).statusCode).toBe(
      403,
    );
    expect((await api('POST', `/deals/${deal.id}/signed-pdf/retry`, sender)).statusCode).toBe(409);
    await eventually(async () => {
      const response = await api('GET', `/deals/${deal.id}/signed-pdf`, colleague);
      return response.statusCode === 200 ? response : undefined;
    }, 60_000);
    await waitForMail(t.app, colleague.email, /All parties have signed/);
  }, 90_000);

  it('remembers the signature font and colour per user', async () => {
    const font = await api('PATCH', '/signing/defaults', sender, { font: 'montez' });
    expect(font.json()).toMatchObject({
      message: 'Your signature font updated.',
      defaults: { font: 'montez' },
    });
    const colour = await api('PATCH', '/signing/defaults', sender, { color: 'bluegrey' });
    expect(colour.json()).toMatchObject({
      message: 'Your signature colour updated.',
      defaults: { font: 'montez', color: 'bluegrey' },
    });
    expect(
      (await api('PATCH', '/signing/defaults', sender, { font: 'comic-sans' })).statusCode,
    ).toBe(400);
  });
});

describe('who counts as a signer', () => {
  const openLink = (user: TestUser, shortId: string | undefined) =>
    api('POST', `/invites/sign/${shortId}/claim`, user);

  it('ignores an unverified account with the signer’s e-mail until it opens the mailed link', async () => {
    // Signed up with the signer's address, never verified it (sign-up gives a session at once).
    const unverified = await createUser(t.platform, { emailVerified: false });
    const { deal } = await createDeal(t.database.db, {
      sender,
      receiver,
      state: 'negotiate',
      isAgreedByReceiver: true,
    });
    await api('POST', `/deals/${deal.id}/start-signing`, sender, {
      signers: [signerOf(unverified, 'sender', '+358407770001')],
      use2faInSigning: true,
    });
    await api('PUT', `/deals/${deal.id}/signers`, receiver, {
      signers: [signerOf(receiver, 'receiver', '+358407770002')],
    });
    const [link] = await t.database.db
      .select()
      .from(dealSigners)
      .where(eq(dealSigners.email, unverified.email));
    if (!link) throw new Error('signer missing');
    // Not theirs in advance: no to-sign entry, no claim.
    expect(link.userId).toBeNull();

    expect((await api('GET', `/deals/${deal.id}/signing`, unverified)).statusCode).toBe(404);
    const body = signBody('kalam', 'green');
    const signUrl = `/deals/${deal.id}/signers/${link.id}/sign`;
    expect((await api('POST', signUrl, unverified, body)).statusCode).toBe(404);
    const codeUrl = `/deals/${deal.id}/signers/${link.id}/code`;
    expect((await api('POST', codeUrl, unverified)).statusCode).toBe(404);
    expect(
      (await api('POST', `${codeUrl}/verify`, unverified, { code: '123456' })).statusCode,
    ).toBe(404);
    expect(await outbox()).not.toContainEqual(expect.objectContaining({ to: '+358407770001' }));

    // Opening the link mailed to the address proves it: the signer is theirs, and they sign.
    expect((await openLink(unverified, link.shortId)).json()).toMatchObject({ outcome: 'open' });
    const view = (await api('GET', `/deals/${deal.id}/signing`, unverified)).json() as SigningView;
    expect(view.role).toBe('signer');
    const mine = view.signers.find((signer) => signer.id === link.id);
    expect(mine).toMatchObject({ isMe: true, canSign: true, isEmailProofNeeded: false });
    expect((await api('POST', codeUrl, unverified)).statusCode).toBe(200);
    const sms = await waitForMail(t.app, '+358407770001', /.*/);
    const code = /\b(\d{6})\b/.exec(sms.text)?.[1];
    expect((await api('POST', `${codeUrl}/verify`, unverified, { code })).statusCode).toBe(200);
    const signed = await api('POST', signUrl, unverified, body);
    expect(signed.statusCode).toBe(200);
    expect(
      (signed.json() as SigningView).signers.find((signer) => signer.id === link.id)?.state,
    ).toBe('signed');
  });

  it('asks a party member with an unverified e-mail to verify it before signing', async () => {
    const member = await createUser(t.platform, { emailVerified: false });
    const { deal } = await createDeal(t.database.db, {
      sender,
      receiver: member,
      state: 'negotiate',
      isAgreedByReceiver: true,
    });
    await api('POST', `/deals/${deal.id}/start-signing`, sender, {
      signers: [signerOf(sender, 'sender', '+358407770003')],
    });
    // The member sees the deal by their access and names themself as the receiver's signer.
    const setup = await api('PUT', `/deals/${deal.id}/signers`, member, {
      signers: [signerOf(member, 'receiver', '+358407770004')],
    });
    expect(setup.statusCode).toBe(200);
    const mine = (setup.json() as SigningView).signers.find(
      (signer) => signer.party === 'receiver',
    );
    expect(mine).toMatchObject({ isMe: true, canSign: false, isEmailProofNeeded: true });
    const signUrl = `/deals/${deal.id}/signers/${mine?.id}/sign`;
    const refused = await api('POST', signUrl, member, signBody('kalam', 'green'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Please verify your e-mail address before signing.');
    const [row] = await t.database.db
      .select({ state: dealSigners.state })
      .from(dealSigners)
      .where(eq(dealSigners.id, mine?.id ?? ''));
    expect(row?.state).toBe('new');

    // Once the address is verified, the same session signs as before.
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, member.id));
    const view = (await api('GET', `/deals/${deal.id}/signing`, member)).json() as SigningView;
    expect(view.signers.find((signer) => signer.id === mine?.id)).toMatchObject({
      canSign: true,
      isEmailProofNeeded: false,
    });
    expect((await api('POST', signUrl, member, signBody('kalam', 'green'))).statusCode).toBe(200);
  });

  it('binds a signing link only to an account with the signer’s address; a stranger sees nothing', async () => {
    const forwardedTo = await createUser(t.platform);
    const colleague = await createUser(t.platform, { emailVerified: false });
    const { deal } = await createDeal(t.database.db, {
      sender,
      receiver,
      state: 'negotiate',
      isAgreedByReceiver: true,
    });
    await api('POST', `/deals/${deal.id}/start-signing`, sender, {
      signers: [signerOf(colleague, 'sender', '+358407770005')],
    });
    const [link] = await t.database.db
      .select()
      .from(dealSigners)
      .where(eq(dealSigners.email, colleague.email));
    // The link was forwarded (or leaked): the stranger signed in with another address can
    // neither resolve nor claim it, and reads nothing of the deal.
    const resolved = await api('GET', `/invites/sign/${link?.shortId}`, forwardedTo);
    expect(resolved.statusCode).toBe(403);
    expect(resolved.json().error.code).toBe('invite_wrong_account');
    const claimed = await openLink(forwardedTo, link?.shortId);
    expect(claimed.statusCode).toBe(403);
    expect(claimed.json().error.code).toBe('invite_wrong_account');
    expect((await api('GET', `/deals/${deal.id}/signing`, forwardedTo)).statusCode).toBe(404);
    expect((await api('GET', `/deals/${deal.id}/original-pdf`, forwardedTo)).statusCode).toBe(404);
    const [unbound] = await t.database.db
      .select()
      .from(dealSigners)
      .where(eq(dealSigners.id, link?.id ?? ''));
    expect(unbound?.userId).toBeNull();
    // The real signer, whose account is not verified yet, proves the address by the mailed link.
    expect((await api('GET', `/invites/sign/${link?.shortId}`, colleague)).json()).toMatchObject({
      outcome: 'claim',
    });
    expect((await openLink(colleague, link?.shortId)).json()).toMatchObject({ outcome: 'open' });
    const refused = await api(
      'POST',
      `/deals/${deal.id}/signers/${link?.id}/sign`,
      forwardedTo,
      signBody('kalam', 'green'),
    );
    expect(refused.statusCode).toBe(404);
  });
});

describe('who may start signing', () => {
  it('waits until the other party agreed to every section the starter changed or sent', async () => {
    const { deal, sections } = await createDeal(t.database.db, {
      sender,
      receiver,
      state: 'negotiate',
    });
    const [, scope, payment, term] = sections;
    if (!scope || !payment || !term) throw new Error('sections missing');
    const entry = (
      state: 'countered' | 'agreed',
      party: 'sender' | 'receiver',
      minute: number,
    ) => ({
      state,
      party,
      userId: party === 'sender' ? sender.id : receiver.id,
      time: new Date(Date.now() - 30_000 + minute * 1000).toISOString(),
      contentId: `${minute}`,
    });
    /** Adds log entries to a section; its state follows the last of them. */
    const negotiate = (section: typeof scope, ...entries: ReturnType<typeof entry>[]) => {
      const last = entries[entries.length - 1];
      return t.database.db
        .update(dealSections)
        .set({ state: last?.state, stateParty: last?.party, log: [...section.log, ...entries] })
        .where(eq(dealSections.id, section.id));
    };
    // The sender changed the price; later the sender changed the scope and the receiver agreed
    // to that. The latest counter edit of the deal is agreed, the price never was.
    await negotiate(payment, entry('countered', 'sender', 1));
    await negotiate(scope, entry('countered', 'sender', 2), entry('agreed', 'receiver', 3));
    const body = { signers: [signerOf(sender, 'sender', '+358407770101')] };
    expect((await api('GET', `/deals/${deal.id}`, sender)).json()).toMatchObject({
      canStartSigning: false,
    });
    const refused = await api('POST', `/deals/${deal.id}/start-signing`, sender, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'changes_not_agreed',
      params: { section: 'Payment' },
    });
    // Starting is the receiver's own consent to the sender's versions.
    expect((await api('GET', `/deals/${deal.id}`, receiver)).json()).toMatchObject({
      canStartSigning: true,
    });

    await negotiate(payment, entry('countered', 'sender', 1), entry('agreed', 'receiver', 4));
    await negotiate(term, entry('agreed', 'receiver', 5));
    const started = await api('POST', `/deals/${deal.id}/start-signing`, sender, body);
    expect(started.statusCode).toBe(200);
  });

  it('refuses the sender while a section is still as the sender sent it, never agreed', async () => {
    const { deal, sections } = await createDeal(t.database.db, {
      sender,
      receiver,
      state: 'negotiate',
      sections: [
        { title: 'Scope', html: '<p>The supplier delivers the services.</p>' },
        { title: 'Term', html: '<p>The agreement is valid for one year.</p>' },
      ],
    });
    const [, scope, term] = sections;
    if (!scope || !term) throw new Error('sections missing');
    const agree = (section: typeof scope) =>
      api('POST', `/deals/${deal.id}/sections/${section.id}/agree`, receiver, {
        baseLogLength: section.log.length,
      });
    expect((await agree(term)).statusCode).toBe(200);

    const body = { signers: [signerOf(sender, 'sender', '+358407770111')] };
    expect((await api('GET', `/deals/${deal.id}`, sender)).json()).toMatchObject({
      canStartSigning: false,
    });
    const refused = await api('POST', `/deals/${deal.id}/start-signing`, sender, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'changes_not_agreed',
      message:
        'The other party must first agree to "Scope": signing starts once they have agreed to every section whose latest version is yours.',
      params: { section: 'Scope' },
    });
    // Nothing started: no signers, the deal still in negotiation.
    const [stored] = await t.database.db.select().from(deals).where(eq(deals.id, deal.id));
    expect(stored?.state).toBe('negotiate');
    expect(
      await t.database.db.select().from(dealSigners).where(eq(dealSigners.dealId, deal.id)),
    ).toEqual([]);

    expect((await agree(scope)).statusCode).toBe(200);
    expect((await api('GET', `/deals/${deal.id}`, sender)).json()).toMatchObject({
      canStartSigning: true,
    });
    const started = await api('POST', `/deals/${deal.id}/start-signing`, sender, body);
    expect(started.statusCode, started.body).toBe(200);
    expect((started.json() as SigningView).state).toBe('in-signing');
  });

  it('lets the sender of a signing-only deal start at once: the receiver accepts by signing', async () => {
    const { deal } = await createDeal(t.database.db, {
      sender,
      receiver,
      state: 'new',
      process: 'sign',
      sections: [{ title: 'Scope', html: '<p>The supplier delivers the services.</p>' }],
    });
    const body = { signers: [signerOf(sender, 'sender', '+358407770111')] };
    const started = await api('POST', `/deals/${deal.id}/start-signing`, sender, body);
    expect(started.statusCode, started.body).toBe(200);
    expect((started.json() as SigningView).state).toBe('in-signing');
  });
});
