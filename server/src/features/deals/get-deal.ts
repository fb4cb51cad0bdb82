import {
  canStartSigning,
  type DealDetail,
  dealProgress,
  homeGroupOf,
  isDealEditable,
  progressColour,
  sectionCounts,
} from '@pactum/core/deals';
import { orderSections } from '@pactum/core/templates';
import type { DbOrTx } from '../../db/client';
import type { Platform } from '../../platform/platform';
import { contractUidOf } from './contract-uid';
import { type DealContext, loadContext } from './deal-context';
import { userNames } from './queries';
import { findSectionViews } from './section-queries';
import { namedUsers, sectionNumbers, toDealSection } from './section-view';

async function buildDetail(db: DbOrTx, context: DealContext): Promise<DealDetail> {
  const { deal, access, myParty } = context;
  const now = new Date();
  const sections = orderSections(await findSectionViews(db, deal.id));
  const names = await userNames(db, namedUsers(sections, [deal.sentBy]));
  const numbers = sectionNumbers(sections);
  const isEditable = isDealEditable(deal.state);
  const hasEdit = access.role === 'edit' && myParty !== null;
  const progress = dealProgress({ state: deal.state, stats: deal.negotiationStats });
  const isSenderEditor = hasEdit && myParty === 'sender';
  return {
    id: deal.id,
    draftId: deal.draftId,
    title: deal.title,
    abstract: deal.abstract,
    contractUid: contractUidOf(deal),
    parties: deal.parties,
    state: deal.state,
    beforeTrashState: deal.beforeTrashState,
    process: deal.process,
    sentBy: deal.sentBy,
    senderName: names.get(deal.sentBy) ?? '',
    sentAt: deal.sentAt?.toISOString() ?? null,
    sendQueuedAt: deal.sendQueuedAt?.toISOString() ?? null,
    signedAt: deal.signedAt?.toISOString() ?? null,
    declined: deal.declined ?? null,
    createdAt: deal.createdAt.toISOString(),
    modifiedAt: deal.modifiedAt.toISOString(),
    negotiationStats: deal.negotiationStats,
    receiverValidated: deal.receiverValidated,
    myParty,
    role: access.role,
    canEdit: hasEdit && isEditable,
    canTrash: isSenderEditor && deal.state !== 'trash' && deal.state !== 'signed',
    canEditSettings: isSenderEditor && isEditable,
    canStartSigning: canStartSigning({
      sections,
      party: myParty,
      dealState: deal.state,
      canEdit: hasEdit,
      process: deal.process,
    }),
    isTrashed: deal.state === 'trash',
    sections: sections.map((section) =>
      toDealSection(section, { context, names, number: numbers.get(section.id) ?? '', now }),
    ),
    counts: sectionCounts(sections, myParty),
    progress,
    progressColour: progressColour(progress),
    home: homeGroupOf({
      state: deal.state,
      hasUnsignedSignerInvite: context.hasUnsignedSignature,
    }),
  };
}

/** GET /deals/:dealId: the deal as the caller's party sees it (doc-load and the editor). */
export async function getDeal(
  platform: Platform,
  options: { userId: string; dealId: string },
): Promise<DealDetail> {
  const { db } = platform.database;
  return buildDetail(db, await loadContext(db, { ...options, withViewer: true }));
}
