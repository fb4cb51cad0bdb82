import { randomUUID } from 'node:crypto';
import { normaliseEmailTags, type PutReceiversInput, type Receiver } from '@pactum/core/drafts';
import type { Platform } from '../../platform/platform';
import { publishDraft } from './publish-draft';
import {
  deleteReceiversExcept,
  findReceiverRows,
  insertReceiver,
  listReceivers,
  touchDraft,
  updateReceiver,
} from './receiver-queries';
import { requireDraft, requireUnsent } from './require-draft';

/**
 * `PUT /drafts/:id/receivers`: the draft's receivers become exactly these, in this order.
 * E-mails are normalised (trimmed, lower-cased, invalid dropped, de-duplicated); an e-mail
 * kept from before keeps its id.
 */
export async function putReceivers(
  platform: Platform,
  options: { userId: string; draftId: string; input: PutReceiversInput },
): Promise<Receiver[]> {
  return platform.database.db.transaction(async (tx) => {
    const { draft } = await requireDraft(tx, { ...options, role: 'edit' });
    requireUnsent(draft);
    const existing = await findReceiverRows(tx, draft.id);
    const byId = new Map(existing.map((row) => [row.id, row]));
    const keptIds = options.input.receivers
      .map((receiver) => receiver.id)
      .filter((id): id is string => !!id && byId.has(id));
    await deleteReceiversExcept(tx, { draftId: draft.id, keptIds });
    for (const [position, receiver] of options.input.receivers.entries()) {
      const previous = receiver.id ? byId.get(receiver.id) : undefined;
      const previousIds = new Map(previous?.emails.map((e) => [e.email, e.id]) ?? []);
      const emails = normaliseEmailTags(receiver.emails).map((email) => ({
        id: previousIds.get(email) ?? randomUUID(),
        email,
      }));
      if (previous) {
        await updateReceiver(tx, previous.id, { party: receiver.party, emails, position });
      } else {
        await insertReceiver(tx, { draftId: draft.id, party: receiver.party, emails, position });
      }
    }
    await touchDraft(tx, { draftId: draft.id, userId: options.userId });
    await publishDraft(platform, tx, draft.id, 'receivers.changed');
    return listReceivers(tx, draft.id);
  });
}
