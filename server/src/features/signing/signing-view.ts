import type { signingViewSchema } from '@pactum/core/api/signing';
import { canStartSigning } from '@pactum/core/deals';
import { auditEventDetail } from '@pactum/core/document-events';
import type { PartyRole } from '@pactum/core/documents';
import {
  canDeclineSigning,
  canSignAs,
  DEFAULT_SIGNATURE_COLOR,
  DEFAULT_SIGNATURE_FONT,
  isSignerEmailProven,
  maskPhone,
  type SigningAuditEvent,
} from '@pactum/core/signing';
import type { z } from 'zod';
import type { ChainRow } from '../../documents/audit-chain';
import { findSections } from '../../documents/deal-reads';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { eventSection, type SectionLabels, sectionLabels } from './audit-sections';
import { checkDealChain, queueChainCheck, VIEW_HASH_LIMIT } from './chain-check';
import { findChainCheck } from './chain-check-queries';
import { loadContractContent, numberSections } from './contract-content';
import { dealEventRows, partySigners, signatureDefaultsOf, signerCodeStates } from './queries';
import { getSignedPdfStatus } from './signed-pdf';
import { type Caller, loadSigningContext } from './signing-context';

/** What the signing routes answer (the route's schema checks and strips it). */
export type SigningView = z.output<typeof signingViewSchema>;

/** GET /deals/:dealId/signing: the signing view for a party or a signer. */
export async function getSigningView(
  platform: Platform,
  options: { dealId: string; user: Caller },
): Promise<SigningView> {
  const { db } = platform.database;
  const context = await loadSigningContext(db, options);
  const { deal, myParty } = context;
  const signers = await partySigners(db, deal.id);
  const codeOf = await signerCodeStates(
    db,
    signers.map((signer) => signer.id),
  );
  // The view reads the deal (in the context), its sections and its events once each: the
  // contract content, the start check and the trail's section labels share the sections, and
  // the chain check and the trail share the events.
  const sections = await findSections(db, deal.id);
  const numbered = numberSections(sections);
  const content = await loadContractContent(db, deal.id, { deal, sections });
  if (!content) throw new AppError('not_found');
  const isEditor = context.role === 'edit' && myParty !== null;
  const email = options.user.email.toLowerCase();
  const eventRows = await dealEventRows(db, deal.id);
  const events = auditTrail(eventRows, myParty, sectionLabels(numbered));
  const pdf = await getSignedPdfStatus(db, deal.id);
  // Events the stored check covers are not hashed again (chain-check.ts); when many had to
  // be, the stored check catches up off the request path.
  const chain = checkDealChain(
    eventRows,
    await findChainCheck(db, deal.id),
    pdf?.auditChainHead ?? null,
  );
  if (chain.hashed > VIEW_HASH_LIMIT) {
    await db.transaction((tx) => queueChainCheck(platform, tx, deal.id));
  }
  const me = await signatureDefaultsOf(db, options.user.id);
  const mySigners = myParty ? signers.filter((signer) => signer.party === myParty) : [];
  const isSigning = deal.state === 'in-signing';
  const isMySlot = (signer: (typeof signers)[number]) =>
    signer.email === email &&
    isSignerEmailProven(signer, {
      id: options.user.id,
      isEmailVerified: options.user.emailVerified,
    });
  return {
    id: deal.id,
    title: deal.title,
    abstract: deal.abstract,
    contractUid: deal.contractUid ?? '',
    parties: {
      sender: { name: deal.parties.sender?.name ?? '' },
      receiver: { name: deal.parties.receiver?.name ?? '' },
    },
    state: deal.state,
    process: deal.process,
    signedAt: deal.signedAt?.toISOString() ?? null,
    isTrashed: deal.state === 'trash',
    use2faInSigning: deal.use2faInSigning,
    myParty,
    role: context.role,
    isSender: myParty === 'sender' && context.role !== 'signer',
    canStartSigning:
      isEditor &&
      canStartSigning({
        sections: sections as Parameters<typeof canStartSigning>[0]['sections'],
        party: myParty,
        dealState: deal.state,
        canEdit: true,
        process: deal.process,
      }),
    canCancelSigning:
      isEditor &&
      isSigning &&
      (deal.process === 'negotiate' || deal.process === 'sign') &&
      !signers.some((signer) => signer.state === 'signed'),
    canDecline: canDeclineSigning({
      dealState: deal.state,
      process: deal.process,
      isPartyEditor: isEditor,
      hasOwnUnsignedSigner: signers.some((signer) => signer.state === 'new' && isMySlot(signer)),
    }),
    canWithdraw: isEditor && myParty === 'sender' && isSigning,
    declined: deal.declined ?? null,
    reminders:
      deal.reminderFirstDays !== null &&
      deal.reminderEveryDays !== null &&
      deal.reminderMax !== null
        ? {
            firstAfterDays: deal.reminderFirstDays,
            everyDays: deal.reminderEveryDays,
            max: deal.reminderMax,
          }
        : null,
    canSetupSigners:
      isEditor &&
      (deal.state === 'new' || deal.state === 'negotiate' || isSigning) &&
      !mySigners.some((signer) => signer.state === 'signed'),
    signers: signers.map((signer) => {
      const isMe = signer.email === email;
      const isEmailProven = isSignerEmailProven(signer, {
        id: options.user.id,
        isEmailVerified: options.user.emailVerified,
      });
      return {
        id: signer.id,
        party: signer.party,
        firstname: signer.firstname,
        lastname: signer.lastname,
        email: signer.email,
        // The party's own editors see the phones they entered (the setup keeps them); everyone
        // else sees them masked.
        phone: signer.phone
          ? isEditor && signer.party === myParty
            ? signer.phone
            : maskPhone(signer.phone)
          : null,
        state: signer.state,
        signedAt: signer.signedAt?.toISOString() ?? null,
        signature:
          signer.signatureText && signer.signatureFont && signer.signatureColor
            ? {
                text: signer.signatureText,
                font: signer.signatureFont,
                color: signer.signatureColor,
              }
            : null,
        city: signer.city,
        country: signer.country,
        isMe,
        reminders: {
          sent: signer.remindersSent,
          lastAt: signer.lastRemindedAt?.toISOString() ?? null,
          nextAt: signer.nextReminderAt?.toISOString() ?? null,
        },
        canRemind: isEditor && myParty === 'sender' && isSigning && signer.state === 'new' && !isMe,
        canReplace: isEditor && signer.party === myParty && isSigning && signer.state === 'new',
        canSign: canSignAs(signer, { email, isEmailProven }, deal.state),
        isEmailProofNeeded: isMe && isSigning && signer.state === 'new' && !isEmailProven,
        use2fa: signer.use2fa,
        twoStep: codeOf.get(signer.id) ?? null,
      };
    }),
    document: {
      sections: deal.pdfFileId ? [] : content.sections,
      contentSha256: deal.contentSha256 ?? content.sha256,
      hasPdf: deal.pdfFileId !== null,
    },
    events,
    isAuditChainValid: chain.isValid,
    signedPdf: pdf
      ? {
          state: pdf.state,
          sha256: pdf.sha256,
          attempts: pdf.attempts,
          lastError: myParty === 'sender' ? pdf.lastError : null,
          canRetry: pdf.state === 'failed' && myParty === 'sender' && context.role === 'edit',
        }
      : null,
    defaults: {
      font: me?.font ?? DEFAULT_SIGNATURE_FONT,
      color: me?.color ?? DEFAULT_SIGNATURE_COLOR,
    },
  };
}

/**
 * The deal's events the caller's party may see (both parties' and its own; with no party only
 * both parties'), oldest first, each with the section it is about.
 */
function auditTrail(
  rows: readonly (ChainRow & { name: string | null })[],
  party: PartyRole | null,
  labels: SectionLabels,
): SigningAuditEvent[] {
  return rows
    .filter((row) => row.party === null || (party !== null && row.party === party))
    .map((row) => ({
      id: row.id,
      seq: row.seq,
      event: row.event,
      party: row.party,
      by: row.name ?? null,
      section: eventSection(row, labels),
      detail: auditEventDetail(row.event, row.data),
      createdAt: row.createdAt.toISOString(),
    }));
}
