import { isDealEditable, sectionsAwaitingAgreement } from '@pactum/core/deals';
import type { SignerSetupRequest } from '@pactum/core/signing';
import { findSections } from '../../documents/deal-reads';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { queueDealWebhook } from '../webhooks';
import { loadContractContent } from './contract-content';
import { appendDealEvent } from './deal-events';
import { callerName, markDealInSigning, partySigners, setSignersTwoStep } from './queries';
import { signingRefusal as refuse } from './refusals';
import { planReminders, reminderColumns } from './reminders';
import { inviteSigners, replaceSigners, validatedSigners } from './signers';
import { type Caller, lockAsEditor } from './signing-context';
import { afterSigningChange, notifySigning } from './signing-notices';
import { getSigningView, type SigningView } from './signing-view';

/**
 * POST /deals/:dealId/start-signing (spec 3 §4): from new or negotiate, by an editing party the
 * start-signing rule allows. The caller's party's signers (1 to 4) are stored, every named
 * signer gets their link, the content hash is frozen, the state becomes in-signing and the
 * event 'signign-start' is logged.
 */
export async function startSigning(
  platform: Platform,
  options: { dealId: string; user: Caller; input: SignerSetupRequest },
): Promise<SigningView> {
  await platform.database.db.transaction(async (tx) => {
    const { deal, party } = await lockAsEditor(tx, options);
    if (!isDealEditable(deal.state)) throw refuse('notInSigning');
    const sections = await findSections(tx, deal.id);
    // The rule the editor's button shows (`canStartSigning`), with the first section that
    // keeps it closed named.
    const [waiting] = sectionsAwaitingAgreement(sections, party, deal.process);
    if (waiting) throw refuse('changesNotAgreed', { section: waiting.title });
    const signers = validatedSigners(options.input.signers, {
      party,
      mode: 'signing',
    });
    const use2fa = options.input.use2faInSigning ?? deal.use2faInSigning;
    await replaceSigners(tx, { dealId: deal.id, party, signers, use2fa });
    // The starter's choice is the deal's: the other party's signers named ahead follow it too.
    await setSignersTwoStep(tx, deal.id, use2fa);
    const content = await loadContractContent(tx, deal.id);
    if (!content) throw new AppError('not_found');
    await markDealInSigning(tx, deal.id, {
      use2fa,
      contentSha256: content.sha256,
      reminders: reminderColumns(options.input.reminders),
    });
    await planReminders(tx, deal.id, platform.clock.now());
    const all = await partySigners(tx, deal.id);
    await inviteSigners(platform, tx, {
      deal,
      signers: all,
      senderName: await callerName(tx, options.user.id),
    });
    await appendDealEvent(platform, tx, deal.id, {
      event: 'signign-start',
      userId: options.user.id,
      data: { actorParty: party, contentSha256: content.sha256, signers: all.length },
    });
    await notifySigning(platform, tx, {
      deal,
      actorId: options.user.id,
      event: 'signing-start',
      data: { actorParty: party },
    });
    await afterSigningChange(platform, tx, deal.id, true);
    await queueDealWebhook(platform, tx, { type: 'signing.started', dealId: deal.id });
  });
  return getSigningView(platform, options);
}
