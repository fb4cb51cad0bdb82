import {
  isSignerEmailProven,
  isSigningComplete,
  SIGNING_CONSENT_VERSION,
  type SignRequest,
  signingConsentText,
  signRefusal,
} from '@pactum/core/signing';
import type { DbOrTx } from '../../db/client';
import type { DealRow } from '../../documents/deal-reads';
import { announceSignedDeal } from '../../documents/signed-deal-hooks';
import { lookupGeoIp } from '../../platform/geo-ip';
import { sha256Hex } from '../../platform/pdf/content-hash';
import type { Platform } from '../../platform/platform';
import { loadContractContent } from './contract-content';
import { appendDealEvent } from './deal-events';
import {
  findFile,
  findSigner,
  markDealSigned,
  partySigners,
  recordSignature,
  signerCodeStates,
} from './queries';
import { signingRefusal as refuse } from './refusals';
import { type Caller, loadSigningContext } from './signing-context';
import { signingJob } from './signing-jobs';
import { afterSigningChange, notifySigning } from './signing-notices';
import { getSigningView, type SigningView } from './signing-view';

/**
 * POST /deals/:dealId/signers/:signerId/sign: the typed signature with its font, colour and
 * the consent accepted (its text recorded). Refused unless the deal is in signing, the signer
 * has not signed, the signer's e-mail is the caller's, the SMS check is done when asked, and
 * the text is the one frozen at the start. The last signature completes the deal here.
 */
export async function sign(
  platform: Platform,
  options: {
    dealId: string;
    signerId: string;
    user: Caller;
    input: SignRequest;
    ip: string;
    userAgent: string | null;
  },
): Promise<SigningView> {
  const geo = await lookupGeoIp(platform.config.geoIpUrl, options.ip);
  await platform.database.db.transaction(async (tx) => {
    const context = await loadSigningContext(tx, { ...options, isLocked: true });
    const { deal } = context;
    const signer = (await findSigner(tx, deal.id, options.signerId, true)) ?? null;
    const codeState = signer ? (await signerCodeStates(tx, [signer.id])).get(signer.id) : null;
    const currentSha256 =
      deal.state === 'in-signing' ? await currentContentSha256(platform, tx, deal) : null;
    const refusal = signRefusal({
      dealState: deal.state,
      signer,
      user: options.user,
      isEmailProven:
        signer !== null &&
        isSignerEmailProven(signer, {
          id: options.user.id,
          isEmailVerified: options.user.emailVerified,
        }),
      isTwoStepRequired: signer?.use2fa ?? false,
      twoStepState: codeState ?? null,
      frozenContentSha256: deal.contentSha256,
      currentContentSha256: currentSha256,
    });
    if (refusal || !signer) throw refuse(refusal ?? 'signerNotFound');
    const { signature, consent } = options.input;
    await recordSignature(tx, signer.id, {
      userId: options.user.id,
      signatureText: signature.text,
      signatureFont: signature.font,
      signatureColor: signature.color,
      ip: options.ip,
      city: geo?.city ?? null,
      country: geo?.country ?? null,
      userAgent: options.userAgent?.slice(0, 500) ?? null,
      consentVersion: consent.version,
      consentLang: consent.lang,
      consentText: signingConsentText[consent.lang],
    });
    await appendDealEvent(platform, tx, deal.id, {
      event: 'document-sign',
      userId: options.user.id,
      data: {
        signerId: signer.id,
        actorParty: signer.party,
        name: `${signer.firstname} ${signer.lastname}`,
        consentVersion: SIGNING_CONSENT_VERSION,
      },
    });
    await notifySigning(platform, tx, {
      deal,
      actorId: options.user.id,
      event: 'document-sign',
      data: { actorParty: signer.party },
    });
    const all = await partySigners(tx, deal.id);
    const isComplete = isSigningComplete(all);
    if (isComplete) {
      await markDealSigned(tx, deal.id);
      await appendDealEvent(platform, tx, deal.id, {
        event: 'signing-complete',
        userId: options.user.id,
        data: { signers: all.length, contentSha256: deal.contentSha256 },
      });
      await notifySigning(platform, tx, {
        deal,
        actorId: options.user.id,
        event: 'signing-complete',
      });
      await appendDealEvent(platform, tx, deal.id, {
        event: 'send-all-signers-email',
        userId: options.user.id,
        data: { recipients: all.map((one) => one.email) },
      });
      await signingJob(platform).queue(tx, deal.id);
      // Each party's Inbox copy, shown on its way while the PDF is sealed (the archive's hook).
      await announceSignedDeal(platform, 'dealCompleted', tx, deal.id);
    }
    // The signer's own to-sign count changes with every signature.
    await afterSigningChange(platform, tx, deal.id, true);
  });
  return getSigningView(platform, options);
}

/**
 * What is being signed now: the uploaded PDF (process pdf) or the contract content. The PDF's
 * hash is the one stored when its upload completed (a stored file never changes), so signing
 * reads no file and hashes nothing inside its locked transaction; only a file stored before
 * hashes were kept is read and hashed.
 */
async function currentContentSha256(
  platform: Platform,
  db: DbOrTx,
  deal: DealRow,
): Promise<string | null> {
  if (deal.pdfFileId) {
    const file = await findFile(db, deal.pdfFileId);
    if (!file) return null;
    return file.sha256 ?? sha256Hex(await platform.storage.get(file.storageKey));
  }
  return (await loadContractContent(db, deal.id))?.sha256 ?? null;
}
