import type { SignerSetupRequest } from '@pactum/core/signing';
import type { Platform } from '../../platform/platform';
import { appendDealEvent } from './deal-events';
import { callerName, partySigners } from './queries';
import { signingRefusal as refuse } from './refusals';
import { planReminders } from './reminders';
import { inviteSigners, replaceSigners, validatedSigners } from './signers';
import { type Caller, lockAsEditor } from './signing-context';
import { afterSigningChange } from './signing-notices';
import { getSigningView, type SigningView } from './signing-view';

/**
 * PUT /deals/:dealId/signers: the caller's party's signers. Before signing, 0 to 4 named ahead
 * (no e-mails yet); in signing, 1 to 4, replacing the party's signers as long as none of them
 * has signed (change signers), each new signer e-mailed their link. The SMS two-step check is
 * the deal's (use2faInSigning, chosen by whoever starts signing) and holds for every signer of
 * both parties: a party's setup cannot turn it off for its own signers, so `use2faInSigning` in
 * the request is not read here.
 *
 * Spec 3 §4 has change signers set process 'change-signer' until the re-setup is done and then
 * restore it. Here the whole change is one transaction (the old signers removed, the new ones
 * created and mailed), so no reader can ever see the in-between state; the process stays as it
 * is (sign, negotiate or pdf, which the cancel and completion rules depend on) and the change
 * is recorded as the 'change-signer' event of the audit trail instead.
 */
export async function setupSigners(
  platform: Platform,
  options: { dealId: string; user: Caller; input: SignerSetupRequest },
): Promise<SigningView> {
  await platform.database.db.transaction(async (tx) => {
    const { deal, party } = await lockAsEditor(tx, options);
    const isSigning = deal.state === 'in-signing';
    if (!isSigning && deal.state !== 'new' && deal.state !== 'negotiate') {
      throw refuse('notInSigning');
    }
    const signers = validatedSigners(options.input.signers, {
      party,
      mode: isSigning ? 'signing' : 'negotiation',
    });
    const current = await partySigners(tx, deal.id, party);
    if (current.some((signer) => signer.state === 'signed')) {
      throw refuse('alreadySigned');
    }
    const created = await replaceSigners(tx, {
      dealId: deal.id,
      party,
      signers,
      use2fa: deal.use2faInSigning,
    });
    if (isSigning) {
      await inviteSigners(platform, tx, {
        deal,
        signers: created,
        senderName: await callerName(tx, options.user.id),
      });
      await planReminders(tx, deal.id, platform.clock.now());
      await appendDealEvent(platform, tx, deal.id, {
        event: current.length > 0 ? 'change-signer' : 'signer-setup',
        userId: options.user.id,
        data: { party, signers: created.length },
      });
    }
    await afterSigningChange(platform, tx, deal.id, isSigning, current);
  });
  return getSigningView(platform, options);
}
