import { pdfFileResponse } from '@pactum/core/api/files';
import {
  codeSentSchema,
  codeVerifiedSchema,
  declineResultSchema,
  sendPdfDraftResultSchema,
  sendPdfResultSchema,
  signatureDefaultsResultSchema,
  signingViewSchema,
} from '@pactum/core/api/signing';
import {
  declineRequestSchema,
  replaceSignerRequestSchema,
  sendPdfDraftSchema,
  sendPdfSchema,
  signatureDefaultsSchema,
  signerSetupRequestSchema,
  signRequestSchema,
  twoStepCodeSchema,
  withdrawRequestSchema,
} from '@pactum/core/signing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../http/content-disposition';
import { requireSession } from '../../http/session';
import { cancelSigning } from './cancel-signing';
import { declineSigning } from './decline-signing';
import { originalPdfFile } from './original-pdf-file';
import { remindNow, scheduleReminders } from './reminders';
import { replaceSigner } from './replace-signer';
import { retrySigned } from './retry-signed';
import { sendCode } from './send-code';
import { getSendPdfDraft, saveSendPdfDraft, sendPdf } from './send-pdf';
import { setupSigners } from './setup-signers';
import { sign } from './sign';
import { resumePendingSignedPdfs } from './signed-pdf';
import { signedPdfFile } from './signed-pdf-file';
import { signingJob } from './signing-jobs';
import { getSigningView } from './signing-view';
import { startSigning } from './start-signing';
import { updateSignatureDefaults } from './update-signature-defaults';
import { verifyCode } from './verify-code';
import { withdrawSigning } from './withdraw-signing';

const tags = ['signing'];
const dealParams = z.object({ dealId: z.uuid() });
const signerParams = z.object({ dealId: z.uuid(), signerId: z.uuid() });

const userOf = async (request: Parameters<typeof requireSession>[0]) =>
  (await requireSession(request)).user;

/** Signing a deal: signers, start and cancel, the signing view, two-step codes, the signed PDF. */
export const signingRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;
  // Signed PDFs cut short by a crash or a restart are made once the server is up.
  app.addHook('onReady', async () => {
    try {
      await resumePendingSignedPdfs(platform, signingJob(platform));
    } catch (error) {
      app.log.error({ err: error }, 'could not resume pending signed PDFs');
    }
    try {
      await scheduleReminders(platform);
    } catch (error) {
      app.log.error({ err: error }, 'could not schedule the signing reminders');
    }
  });
  await app.register(dealSigningRoutes);
  await app.register(signerRoutes);
  await app.register(signedPdfRoutes);
  await app.register(sendPdfRoutes);
};

/** The signing view of a deal, and a party's steps: its signers, start and cancel signing. */
const dealSigningRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;

  app.get(
    '/api/v1/deals/:dealId/signing',
    {
      schema: {
        tags,
        summary: 'The signing view of a deal',
        params: dealParams,
        response: { 200: signingViewSchema },
      },
    },
    async (request) => getSigningView(platform, { user: await userOf(request), ...request.params }),
  );

  app.put(
    '/api/v1/deals/:dealId/signers',
    {
      schema: {
        tags,
        summary: 'Set up the caller’s party’s signers',
        params: dealParams,
        body: signerSetupRequestSchema,
        response: { 200: signingViewSchema },
      },
    },
    async (request) =>
      setupSigners(platform, {
        user: await userOf(request),
        ...request.params,
        input: request.body,
      }),
  );

  app.post(
    '/api/v1/deals/:dealId/start-signing',
    {
      schema: {
        tags,
        summary: 'Start signing with the caller’s party’s signers',
        params: dealParams,
        body: signerSetupRequestSchema,
        response: { 200: signingViewSchema },
      },
    },
    async (request) =>
      startSigning(platform, {
        user: await userOf(request),
        ...request.params,
        input: request.body,
      }),
  );

  app.post(
    '/api/v1/deals/:dealId/cancel-signing',
    {
      schema: {
        tags,
        summary: 'Cancel signing, back to negotiation',
        params: dealParams,
        response: { 200: signingViewSchema },
      },
    },
    async (request) => cancelSigning(platform, { user: await userOf(request), ...request.params }),
  );

  app.post(
    '/api/v1/deals/:dealId/decline-signing',
    {
      schema: {
        tags,
        summary: 'Decline to sign, with a reason: back to negotiation',
        description:
          'By a signer with an unsigned slot of their own, or an editor of either party, while the deal is in signing (not a Send & Sign PDF). Signatures already given are voided and every signer slot goes; both parties are told. 409 when the deal is no longer in signing (e.g. the last signature came first).',
        params: dealParams,
        body: declineRequestSchema,
        response: { 200: declineResultSchema },
      },
    },
    async (request) =>
      declineSigning(platform, {
        user: await userOf(request),
        ...request.params,
        reason: request.body.reason,
      }),
  );

  app.post(
    '/api/v1/deals/:dealId/withdraw-signing',
    {
      schema: {
        tags,
        summary: 'Withdraw the signing request, with a reason: to negotiation or to the trash',
        description:
          'By an editor of the sender’s side while the deal is in signing, also after signatures (they are voided). Every signing link stops working; the signers and the receiver’s side are mailed. A Send & Sign PDF goes to the trash only (409 otherwise).',
        params: dealParams,
        body: withdrawRequestSchema,
        response: { 200: signingViewSchema },
      },
    },
    async (request) =>
      withdrawSigning(platform, {
        user: await userOf(request),
        ...request.params,
        ...request.body,
      }),
  );
};

/** A signer's own steps: the SMS two-step code, the signature and its font and colour. */
const signerRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;

  app.post(
    '/api/v1/deals/:dealId/signers/:signerId/code',
    {
      schema: {
        tags,
        summary: 'Send the signer an SMS code',
        params: signerParams,
        response: { 200: codeSentSchema },
      },
    },
    async (request) => sendCode(platform, { user: await userOf(request), ...request.params }),
  );

  app.post(
    '/api/v1/deals/:dealId/signers/:signerId/code/verify',
    {
      schema: {
        tags,
        summary: 'Check the signer’s SMS code',
        params: signerParams,
        body: twoStepCodeSchema,
        response: { 200: codeVerifiedSchema },
      },
    },
    async (request) =>
      verifyCode(platform, {
        user: await userOf(request),
        ...request.params,
        code: request.body.code,
      }),
  );

  app.post(
    '/api/v1/deals/:dealId/signers/:signerId/sign',
    {
      schema: {
        tags,
        summary: 'Sign as the signer',
        params: signerParams,
        body: signRequestSchema,
        response: { 200: signingViewSchema },
      },
    },
    async (request) =>
      sign(platform, {
        user: await userOf(request),
        ...request.params,
        input: request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      }),
  );

  app.put(
    '/api/v1/deals/:dealId/signers/:signerId',
    {
      schema: {
        tags,
        summary: 'Replace one signer who has not signed (the signer’s party)',
        description:
          'By an editor of the signer’s party while in signing, with a reason. The other signers, their links and signatures stay; the old link stops working; the new signer is mailed. 409 when the signer has signed.',
        params: signerParams,
        body: replaceSignerRequestSchema,
        response: { 200: signingViewSchema },
      },
    },
    async (request) =>
      replaceSigner(platform, {
        user: await userOf(request),
        ...request.params,
        input: request.body,
      }),
  );

  app.post(
    '/api/v1/deals/:dealId/signers/:signerId/remind',
    {
      schema: {
        tags,
        summary: 'Remind a signer who has not signed (the sender’s side)',
        description:
          'Mails the signer their link again now. At most once an hour per signer (429 with Retry-After and the minutes left) and never beyond the deal’s reminder limit (409).',
        params: signerParams,
        response: { 200: signingViewSchema },
      },
    },
    async (request) => remindNow(platform, { user: await userOf(request), ...request.params }),
  );

  app.patch(
    '/api/v1/signing/defaults',
    {
      schema: {
        tags,
        summary: 'The caller’s signature font and colour',
        body: signatureDefaultsSchema,
        response: { 200: signatureDefaultsResultSchema },
      },
    },
    async (request) =>
      updateSignatureDefaults(platform, {
        user: await userOf(request),
        ...(request.body.font ? { font: request.body.font } : {}),
        ...(request.body.color ? { color: request.body.color } : {}),
      }),
  );
};

/** The PDFs of a deal: the sealed signed PDF (and its retry) and the uploaded original. */
const signedPdfRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;

  app.get(
    '/api/v1/deals/:dealId/signed-pdf',
    {
      schema: {
        tags,
        summary: 'Download the sealed signed PDF',
        params: dealParams,
        response: { 200: pdfFileResponse('The sealed signed PDF') },
      },
    },
    async (request, reply) => {
      const file = await signedPdfFile(platform, {
        user: await userOf(request),
        ...request.params,
      });
      const body = await platform.storage.get(file.storageKey);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(body.length))
        .header('content-disposition', contentDisposition(file.name))
        .header('x-content-sha256', file.sha256)
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );

  app.get(
    '/api/v1/deals/:dealId/original-pdf',
    {
      schema: {
        tags,
        summary: 'The uploaded PDF of a Send & Sign PDF deal',
        params: dealParams,
        response: { 200: pdfFileResponse('The uploaded PDF') },
      },
    },
    async (request, reply) => {
      const file = await originalPdfFile(platform, {
        user: await userOf(request),
        ...request.params,
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(file.body.length))
        .header('content-disposition', contentDisposition(file.name))
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  app.post(
    '/api/v1/deals/:dealId/signed-pdf/retry',
    {
      schema: {
        tags,
        summary: 'Make a failed signed PDF again (sender)',
        params: dealParams,
        response: { 200: signingViewSchema },
      },
    },
    async (request) => retrySigned(platform, { user: await userOf(request), ...request.params }),
  );
};

/** Send & Sign PDF: the form kept as the caller left it, and the send. */
const sendPdfRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = app.platform;

  app.get(
    '/api/v1/send-pdf/draft',
    {
      schema: {
        tags,
        summary: 'The caller’s Send & Sign PDF form as they left it',
        response: { 200: sendPdfDraftResultSchema },
      },
    },
    async (request) => getSendPdfDraft(platform, { userId: (await userOf(request)).id }),
  );

  app.put(
    '/api/v1/send-pdf/draft',
    {
      schema: {
        tags,
        summary: 'Keep the caller’s Send & Sign PDF form',
        body: sendPdfDraftSchema,
        response: { 200: sendPdfDraftResultSchema },
      },
    },
    async (request) =>
      saveSendPdfDraft(platform, { userId: (await userOf(request)).id, draft: request.body }),
  );

  app.post(
    '/api/v1/send-pdf',
    {
      schema: {
        tags,
        summary: 'Send & Sign PDF: a deal of an uploaded PDF, in signing at once',
        body: sendPdfSchema,
        response: { 201: sendPdfResultSchema },
      },
    },
    async (request, reply) => {
      const answer = await sendPdf(platform, { user: await userOf(request), input: request.body });
      return reply.status(201).send(answer);
    },
  );
};
