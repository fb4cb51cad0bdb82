import { dealAudienceIds } from '../../documents/deal-reads';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { appendDealEvent } from './deal-events';
import { deleteSigners, markDealNegotiating, partySigners } from './queries';
import { signingRefusal as refuse } from './refusals';
import { type Caller, lockAsEditor } from './signing-context';
import { afterSigningChange, notifySigning } from './signing-notices';
import { getSigningView, type SigningView } from './signing-view';

/**
 * POST /deals/:dealId/cancel-signing (spec 3 §4): in signing, by an editing party; every
 * signer is removed, the state goes back to negotiate (process sign becomes negotiate) and the
 * event restart-nego (or sign-to-nego) is logged. A deal someone has signed already cannot go
 * back: their signature would be dropped silently.
 */
export async function cancelSigning(
  platform: Platform,
  options: { dealId: string; user: Caller },
): Promise<SigningView> {
  await platform.database.db.transaction(async (tx) => {
    const { deal, party } = await lockAsEditor(tx, options);
    if (deal.state !== 'in-signing') throw refuse('notInSigning');
    if (deal.process !== 'negotiate' && deal.process !== 'sign') throw new AppError('forbidden');
    const signers = await partySigners(tx, deal.id);
    if (signers.some((signer) => signer.state === 'signed')) {
      throw new AppError('signing_cancel_after_signature');
    }
    // The signers hear of it too, though their slots go now.
    const audience = await dealAudienceIds(tx, deal.id);
    await deleteSigners(tx, deal.id, 'cancelled');
    const removed = signers;
    await markDealNegotiating(tx, deal.id);
    const event = deal.process === 'sign' ? 'sign-to-nego' : 'restart-nego';
    await appendDealEvent(platform, tx, deal.id, {
      event,
      userId: options.user.id,
      data: { actorParty: party },
    });
    await notifySigning(platform, tx, {
      deal,
      actorId: options.user.id,
      event,
      data: { actorParty: party },
      audience,
    });
    await afterSigningChange(platform, tx, deal.id, true, removed);
  });
  return getSigningView(platform, options);
}
