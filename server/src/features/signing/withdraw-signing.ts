import type { WithdrawTarget } from '@pactum/core/signing';
import type { Tx } from '../../db/client';
import { type DealRow, dealAudienceIds, dealPartyUsers } from '../../documents/deal-reads';
import { markDealTrashed } from '../../documents/deal-trash';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { queueDealWebhook } from '../webhooks';
import { appendDealEvent } from './deal-events';
import {
  callerName,
  deleteSigners,
  markDealNegotiating,
  partySigners,
  type SignerRow,
  userLang,
  userLangs,
} from './queries';
import { signingRefusal as refuse } from './refusals';
import { type Caller, lockAsEditor } from './signing-context';
import { afterSigningChange, notifySigning } from './signing-notices';
import { getSigningView, type SigningView } from './signing-view';
import { voidSignatures } from './void-signatures';

/**
 * POST /deals/:dealId/withdraw-signing (issue 40): an editor of the sender's side takes the
 * signing request back, with a reason, even after some have signed. In one transaction on the
 * locked deal row: the signatures given are voided, every signer's link stops working (and says
 * it was withdrawn), the deal goes back to negotiation or to the trash as chosen (a Send & Sign
 * PDF only to the trash), every signer and the receiver's side are mailed, and everyone on the
 * deal is notified.
 */
export async function withdrawSigning(
  platform: Platform,
  options: { dealId: string; user: Caller; reason: string; moveTo: WithdrawTarget },
): Promise<SigningView> {
  await platform.database.db.transaction(async (tx) => {
    const { deal, party } = await lockAsEditor(tx, options);
    if (party !== 'sender') throw new AppError('forbidden');
    if (deal.state !== 'in-signing') throw refuse('notInSigning');
    if (deal.process === 'pdf' && options.moveTo === 'negotiation') {
      throw new AppError('withdraw_pdf_to_negotiation');
    }
    const signers = await partySigners(tx, deal.id);
    // Everyone the signing concerned hears of it, the signers whose slots go now included.
    const audience = await dealAudienceIds(tx, deal.id);
    await voidSignatures(platform, tx, deal.id, signers, options.user.id);
    const by = await callerName(tx, options.user.id);
    await mailWithdrawal(platform, tx, {
      deal,
      signers,
      by,
      reason: options.reason,
      user: options.user,
    });
    await deleteSigners(tx, deal.id, 'withdrawn');
    // The signing is over either way: nothing stays frozen, and a restore finds negotiation.
    await markDealNegotiating(tx, deal.id);
    await appendDealEvent(platform, tx, deal.id, {
      event: 'signing-withdrawn',
      userId: options.user.id,
      data: { actorParty: party, reason: options.reason, moveTo: options.moveTo },
    });
    await notifySigning(platform, tx, {
      deal,
      actorId: options.user.id,
      event: 'signing-withdrawn',
      data: { actorParty: party, reason: options.reason },
      audience,
    });
    if (options.moveTo === 'trash') {
      await markDealTrashed(tx, { deal, now: platform.clock.now(), beforeTrashState: 'negotiate' });
      await appendDealEvent(platform, tx, deal.id, {
        event: 'document-trash',
        userId: options.user.id,
        data: { actorParty: party, beforeTrashState: 'negotiate' },
      });
      await queueDealWebhook(platform, tx, { type: 'deal.trashed', dealId: deal.id });
    }
    await afterSigningChange(platform, tx, deal.id, true, signers);
  });
  return getSigningView(platform, options);
}

/**
 * The withdrawal by e-mail, once per address: every signer (their link stops working) and the
 * users of the receiver's side; never the one who withdrew.
 */
async function mailWithdrawal(
  platform: Platform,
  tx: Tx,
  options: {
    deal: DealRow;
    signers: readonly SignerRow[];
    by: string;
    reason: string;
    user: Caller;
  },
): Promise<void> {
  const { deal } = options;
  const parties = await dealPartyUsers(tx, deal.id);
  const receivers = [...parties].filter(([, party]) => party === 'receiver').map(([id]) => id);
  const recipients = new Map<string, 'en' | 'fi'>();
  for (const { email, lang } of await userLangs(tx, receivers)) recipients.set(email, lang);
  for (const signer of options.signers) {
    if (!recipients.has(signer.email))
      recipients.set(signer.email, await userLang(tx, signer.email));
  }
  recipients.delete(options.user.email.toLowerCase());
  for (const [email, lang] of recipients) {
    await platform.mail.queue(tx, {
      to: email,
      template: 'signing-withdrawn',
      lang,
      vars: {
        by: options.by,
        party: deal.parties.sender?.name ?? '',
        title: deal.title,
        reason: options.reason,
      },
      ref: { kind: 'deal-withdrawal', id: `${deal.id}:${email}` },
    });
  }
}
