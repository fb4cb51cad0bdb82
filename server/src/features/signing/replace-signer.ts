import type { ReplaceSignerRequest } from '@pactum/core/signing';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { appendDealEvent } from './deal-events';
import { callerName, deleteSigners, findSigner, partySigners } from './queries';
import { signingRefusal as refuse } from './refusals';
import { planReminders } from './reminders';
import { insertSigners, inviteSigners, validatedSigners } from './signers';
import { type Caller, lockAsEditor } from './signing-context';
import { afterSigningChange } from './signing-notices';
import { getSigningView, type SigningView } from './signing-view';

/**
 * PUT /deals/:dealId/signers/:signerId (issue 40): an editor of the signer's party replaces one
 * signer who has not signed (someone left the company), saying why, while the deal is in
 * signing. The others' slots, links and signatures stay; the old link stops working at once
 * and says it was replaced; the new signer is mailed their own link, gets the deal's reminders,
 * and the audit trail records who replaced whom and why.
 */
export async function replaceSigner(
  platform: Platform,
  options: { dealId: string; signerId: string; user: Caller; input: ReplaceSignerRequest },
): Promise<SigningView> {
  await platform.database.db.transaction(async (tx) => {
    const { deal, party } = await lockAsEditor(tx, options);
    if (deal.state !== 'in-signing') throw refuse('notInSigning');
    const old = await findSigner(tx, deal.id, options.signerId, true);
    if (!old) throw refuse('signerNotFound');
    if (old.party !== party) throw new AppError('forbidden');
    if (old.state === 'signed') throw refuse('alreadySigned');
    const { reason, ...person } = options.input;
    // The party's list as it will be, checked whole (the same e-mail or phone twice is refused).
    const current = await partySigners(tx, deal.id, party);
    const list = current.map((signer) =>
      signer.id === old.id
        ? { ...person, party }
        : {
            party,
            firstname: signer.firstname,
            lastname: signer.lastname,
            email: signer.email,
            phone: signer.phone ?? '',
          },
    );
    const checked = validatedSigners(list, { party, mode: 'signing' });
    const replacement = checked[current.findIndex((signer) => signer.id === old.id)];
    if (!replacement) throw refuse('signerNotFound');
    await deleteSigners(tx, deal.id, 'replaced', { signerId: old.id });
    const created = await insertSigners(tx, {
      dealId: deal.id,
      party,
      signers: [replacement],
      use2fa: deal.use2faInSigning,
    });
    await inviteSigners(platform, tx, {
      deal,
      signers: created,
      senderName: await callerName(tx, options.user.id),
    });
    await planReminders(tx, deal.id, platform.clock.now());
    await appendDealEvent(platform, tx, deal.id, {
      event: 'signer-replaced',
      userId: options.user.id,
      data: {
        actorParty: party,
        from: `${old.firstname} ${old.lastname}`,
        to: `${replacement.firstname} ${replacement.lastname}`,
        reason,
        signerId: created[0]?.id,
        replacedSignerId: old.id,
      },
    });
    await afterSigningChange(platform, tx, deal.id, true, [old]);
  });
  return getSigningView(platform, options);
}
