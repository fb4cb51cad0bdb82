import type { DraftDetail } from '@pactum/core/drafts';
import type { Platform } from '../../platform/platform';
import { listSections, recordDocumentOpen } from '../sections';
import { tagsOf } from './queries';
import { getQueue, listReceivers } from './receiver-queries';
import { requireDraft } from './require-draft';

/** `GET /drafts/:id`: the draft with its sections, receivers and send queue. */
export async function getDraft(
  platform: Platform,
  options: { userId: string; draftId: string },
): Promise<DraftDetail> {
  const { db } = platform.database;
  const { draft, access } = await requireDraft(db, options);
  await recordDocumentOpen(db, {
    collection: 'drafts',
    documentId: draft.id,
    userId: options.userId,
    party: 'sender',
  });
  const [tags, sections, receivers, queue] = await Promise.all([
    tagsOf(db, [draft.id]),
    listSections(db, 'drafts', draft.id),
    listReceivers(db, draft.id),
    getQueue(db, draft.id),
  ]);
  return {
    id: draft.id,
    title: draft.title,
    abstract: draft.abstract,
    templateId: draft.templateId,
    templateTitle: draft.templateTitle,
    language: draft.language,
    visibility: draft.visibility,
    parties: draft.parties,
    dealProcess: draft.dealProcess,
    defaultProcess: draft.defaultProcess,
    batchName: draft.batchName,
    senderMessage: draft.senderMessage,
    workspaceId: draft.workspaceId,
    price: draft.price,
    createdBy: draft.createdBy,
    createdAt: draft.createdAt.toISOString(),
    sentAt: draft.sentAt?.toISOString() ?? null,
    canEdit: access.role === 'edit',
    isCreator: draft.createdBy === options.userId,
    tags: tags.get(draft.id) ?? [],
    sections,
    receivers,
    queue,
  };
}
