import type { declineResultSchema } from '@pactum/core/api/signing';
import {
  canDeclineSigning,
  type DealDecline,
  isSameEmail,
  isSignerEmailProven,
} from '@pactum/core/signing';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { type DealRow, dealAudienceIds, dealPartyUsers } from '../../documents/deal-reads';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { documentPath } from '../invites';
import { queueDealWebhook } from '../webhooks';
import { appendDealEvent } from './deal-events';
import { callerName, deleteSigners, markDealNegotiating, partySigners, userLangs } from './queries';
import { signingRefusal as refuse } from './refusals';
import { type Caller, loadSigningContext } from './signing-context';
import { afterSigningChange, notifySigning } from './signing-notices';
import { voidSignatures } from './void-signatures';

export type DeclineResult = z.output<typeof declineResultSchema>;

/**
 * POST /deals/:dealId/decline-signing (issue 40): a signer with an unsigned slot of their own,
 * or an editor of either party, declines to sign with a reason. In one transaction, on the
 * locked deal row (so a last signature at the same moment either completes first, and the
 * decline gets 409, or waits and gets 409 itself): the signatures already given are voided
 * (each kept in the audit trail as given, then voided), every signer slot goes, the deal is
 * back in negotiation with the decline kept on it until signing starts again, and both parties
 * are told (bell and toast, mail, digest, webhook `deal.declined`, the feed).
 */
export async function declineSigning(
  platform: Platform,
  options: { dealId: string; user: Caller; reason: string },
): Promise<DeclineResult> {
  return platform.database.db.transaction(async (tx) => {
    const context = await loadSigningContext(tx, { ...options, isLocked: true });
    const { deal } = context;
    const signers = await partySigners(tx, deal.id);
    const own = signers.find(
      (signer) =>
        signer.state === 'new' &&
        isSameEmail(signer.email, options.user.email) &&
        isSignerEmailProven(signer, {
          id: options.user.id,
          isEmailVerified: options.user.emailVerified,
        }),
    );
    const isPartyEditor = context.role === 'edit' && context.myParty !== null;
    if (deal.state !== 'in-signing') throw refuse('notInSigning');
    if (deal.process === 'pdf') throw new AppError('decline_not_available');
    if (
      !canDeclineSigning({
        dealState: deal.state,
        process: deal.process,
        isPartyEditor,
        hasOwnUnsignedSigner: own !== undefined,
      })
    ) {
      // A signer whose own slots are all signed has nothing left to decline.
      throw context.role === 'signer' ? refuse('alreadySigned') : new AppError('forbidden');
    }
    const party = own?.party ?? context.myParty;
    if (!party) throw new AppError('forbidden');
    const declined: DealDecline = {
      by: own ? `${own.firstname} ${own.lastname}` : await callerName(tx, options.user.id),
      party,
      reason: options.reason,
      at: platform.clock.now().toISOString(),
    };
    // Everyone the signing concerned hears of it, the signers whose slots go now included.
    const audience = await dealAudienceIds(tx, deal.id);
    await voidSignatures(platform, tx, deal.id, signers, options.user.id);
    await deleteSigners(tx, deal.id, 'declined');
    await markDealNegotiating(tx, deal.id, declined);
    await appendDealEvent(platform, tx, deal.id, {
      event: 'signing-declined',
      userId: options.user.id,
      data: { actorParty: party, by: declined.by, reason: declined.reason, signerId: own?.id },
    });
    await notifySigning(platform, tx, {
      deal,
      actorId: options.user.id,
      event: 'signing-declined',
      data: { actorParty: party, reason: declined.reason },
      audience,
    });
    await mailDecline(platform, tx, { deal, declined, actorId: options.user.id });
    await afterSigningChange(platform, tx, deal.id, true, signers);
    await queueDealWebhook(platform, tx, { type: 'deal.declined', dealId: deal.id, declined });
    // A signer outside both parties loses the deal with their slot.
    return { declined, canOpenDeal: context.role !== 'signer' };
  });
}

/** The decline by e-mail to the users of both parties (never the one who declined). */
async function mailDecline(
  platform: Platform,
  tx: Tx,
  options: { deal: DealRow; declined: DealDecline; actorId: string },
): Promise<void> {
  const parties = await dealPartyUsers(tx, options.deal.id);
  const recipients = [...parties.keys()].filter((id) => id !== options.actorId);
  const url = new URL(documentPath(options.deal.id), platform.config.publicUrl).toString();
  for (const { id, email, lang } of await userLangs(tx, recipients)) {
    await platform.mail.queue(tx, {
      to: email,
      template: 'signing-declined',
      lang,
      vars: {
        by: options.declined.by,
        party: options.deal.parties[options.declined.party]?.name ?? '',
        title: options.deal.title,
        reason: options.declined.reason,
        url,
      },
      ref: { kind: 'deal-decline', id: `${options.deal.id}:${id}` },
    });
  }
}
