import type { DraftRow } from '@pactum/core/drafts';
import type { Platform } from '../../platform/platform';
import { findDraftPage, tagsOf } from './queries';
import { findFirstReceivers } from './receiver-queries';

/**
 * The draft list (spec 2 §2.2), one page: drafts the user can reach, newest first (ties by id,
 * so pages never repeat or skip a draft), without deleted, sent and PDF-process drafts; with the
 * number of them all for the table's pager. The spec's list showed up to 1000 rows at once; the
 * table pages instead, so a long list costs one page per request.
 */
export async function listDrafts(
  platform: Platform,
  options: { userId: string; page: number; pageSize: number },
): Promise<{ drafts: DraftRow[]; total: number; page: number; pageSize: number }> {
  const { db } = platform.database;
  const { page, pageSize } = options;
  const { rows, total } = await findDraftPage(db, options);
  const ids = rows.map((row) => row.id);
  const tags = await tagsOf(db, ids);
  const firstReceivers = await findFirstReceivers(db, ids);
  const receiverOf = new Map(firstReceivers.map((row) => [row.draftId, row.party.name]));
  const orNull = (name: string | undefined) => (name?.trim() ? name.trim() : null);
  return {
    drafts: rows.map((row) => ({
      id: row.id,
      title: row.title,
      senderName: orNull(row.parties.sender?.name),
      receiverName: orNull(receiverOf.get(row.id) ?? row.parties.receiver?.name),
      createdBy: { id: row.createdBy, name: row.creatorName },
      createdAt: row.createdAt.toISOString(),
      tags: tags.get(row.id) ?? [],
    })),
    total,
    page,
    pageSize,
  };
}
