import { randomUUID } from 'node:crypto';
import {
  type CreateDealSection,
  type DealSectionChange,
  isDealEditable,
  newSectionState,
} from '@pactum/core/deals';
import { AppError } from '../../http/app-error';
import { sanitizeHtml } from '../../platform/html/sanitize';
import type { Platform } from '../../platform/platform';
import { afterChange } from './after-change';
import { loadContext, requireActor } from './deal-context';
import { refused } from './refusals';
import { sectionChange } from './section-change';
import { findSection, insertSection, makeRoomAfter } from './section-queries';
import { viewOfRow } from './section-view';

/** Adds a section proposed by the caller's party (after a section, or at the end). */
export async function createDealSection(
  platform: Platform,
  options: { userId: string; dealId: string; input: CreateDealSection },
): Promise<DealSectionChange> {
  const { input } = options;
  const id = randomUUID();
  return platform.database.db.transaction(async (tx) => {
    const context = await loadContext(tx, { ...options, isLocked: true });
    const party = requireActor(context);
    if (!isDealEditable(context.deal.state)) throw refused('notEditable');
    // After a section: beside it, at its level. Under a parent: its last child.
    let afterPosition: number | null = null;
    let parentId: string | null = input.parentId ?? null;
    if (parentId) {
      const parent = await findSection(tx, { dealId: options.dealId, sectionId: parentId });
      if (parent?.type !== 'normal' || parent.parentId !== null) throw new AppError('not_found');
    } else if (input.afterSectionId) {
      const after = await findSection(tx, {
        dealId: options.dealId,
        sectionId: input.afterSectionId,
      });
      if (!after) throw new AppError('not_found');
      parentId = after.parentId;
      afterPosition = after.position;
    }
    const position = await makeRoomAfter(tx, { dealId: options.dealId, parentId, afterPosition });
    const html = sanitizeHtml(input.html ?? '');
    const contentId = randomUUID();
    const now = new Date();
    const title = (input.title ?? '').trim();
    const created = await insertSection(tx, {
      id,
      dealId: options.dealId,
      parentId,
      position,
      type: 'normal',
      title,
      content: [{ id: contentId, html }],
      defaultContentId: contentId,
      ...newSectionState({ party, userId: options.userId, time: now, contentId }),
      createdBy: options.userId,
      modifiedBy: options.userId,
    });
    const after = await afterChange(platform, tx, {
      context,
      party,
      event: 'section-create',
      liveType: 'sections.changed',
      section: { id, title, html },
    });
    return sectionChange(tx, context, { section: viewOfRow(created), after });
  });
}
