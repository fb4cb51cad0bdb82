import { announceSignedDeal } from '../../documents/signed-deal-hooks';
import type { Platform } from '../../platform/platform';
import { queueDealWebhook } from '../webhooks';
import { registerChainCheck } from './chain-check';
import { dealTitle, partySigners, userLang } from './queries';
import { registerSignedPdfJob, type SignedPdfJob } from './signed-pdf';
import { buildSignedPdf } from './signed-pdf-build';
import { signingLink } from './signers';

const jobs = new WeakMap<Platform, SignedPdfJob>();

/**
 * The signing jobs of a platform: the signed PDF (`signing.signed-pdf`) and the stored chain
 * check (`signing.check-chain`, with its hook on appended events). Registered once per process,
 * before the platform starts.
 */
export function registerSigningJobs(platform: Platform): SignedPdfJob {
  const existing = jobs.get(platform);
  if (existing) return existing;
  const job = registerSignedPdfJob(
    platform,
    (dealId) => buildSignedPdf(platform, dealId),
    async (tx, done) => {
      const title = await dealTitle(tx, done.dealId);
      const signers = await partySigners(tx, done.dealId);
      for (const signer of signers) {
        const lang = await userLang(tx, signer.email);
        await platform.mail.queue(tx, {
          to: signer.email,
          template: 'signed-document',
          lang,
          vars: {
            title: title ?? '',
            sha256: done.sha256,
            url: signingLink(platform, signer.shortId),
          },
        });
      }
      await platform.realtime.publish(tx, {
        topic: `deal:${done.dealId}`,
        type: 'signing.changed',
      });
      await queueDealWebhook(platform, tx, {
        type: 'document.signed',
        dealId: done.dealId,
        sha256: done.sha256,
      });
      // The sealed PDF goes on (into each party's Inbox: the archive's hook).
      await announceSignedDeal(platform, 'signedPdfRecorded', tx, done.dealId);
    },
    (db, failed) =>
      announceSignedDeal(platform, 'signedPdfFailed', db, failed.dealId, failed.error),
  );
  registerChainCheck(platform);
  jobs.set(platform, job);
  return job;
}

/** The signed-PDF job of a platform (registered by the job registry, `server/src/jobs.ts`). */
export function signingJob(platform: Platform): SignedPdfJob {
  return registerSigningJobs(platform);
}
