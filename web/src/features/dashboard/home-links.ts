import { ALERT_DRAWER_PARAM } from '@pactum/core/alerts';
import type { HomeGroup } from '@pactum/core/dashboard';
import { archiveFilePath } from '../archive';
import { DRAFT_LIST_PATH, dealListPath, dealLoadPath, dealSignPath, draftPath } from '../documents';
import type { FeedItem, HomeAlert, HomeDocument, ToSignItem } from './types';

/**
 * Where a deal opens from the home: doc-load for a party's user (it picks the editor or the
 * signing view by the deal's state), the signing view for a named signer outside both parties,
 * who can open nothing else (as the deal lists do).
 */
const dealPath = (dealId: string, myParty: HomeDocument['myParty']) =>
  myParty ? dealLoadPath(dealId) : dealSignPath(dealId);

/** A document widget's row: a deal as above, a draft in its editor (draft-edit). */
export function homeDocumentPath(doc: Pick<HomeDocument, 'kind' | 'id' | 'myParty'>): string {
  return doc.kind === 'draft' ? draftPath(doc.id, 'edit') : dealPath(doc.id, doc.myParty);
}

/** A line of 'Latest changes by others' opens its document. */
export function feedItemPath(item: Pick<FeedItem, 'collection' | 'documentId' | 'myParty'>) {
  return item.collection === 'drafts'
    ? draftPath(item.documentId, 'edit')
    : dealPath(item.documentId, item.myParty);
}

/** 'You to sign' opens the deal's signing view, where the signature is given. */
export const toSignPath = (item: Pick<ToSignItem, 'dealId'>) => dealSignPath(item.dealId);

/** An alert opens its file in the archive viewer, in the file's folder, with the alert drawer open. */
export const alertPath = (alert: Pick<HomeAlert, 'itemId' | 'parentId'>) =>
  `${archiveFilePath({ id: alert.itemId, parentId: alert.parentId })}?${ALERT_DRAWER_PARAM}`;

/** A widget's full list; `recent` has none. */
export function homeListPath(group: HomeGroup): string | undefined {
  if (group === 'recent') return undefined;
  if (group === 'drafts') return DRAFT_LIST_PATH;
  return dealListPath(group);
}

/**
 * The date a row shows (spec 1 §2): a deal its creation (the deal widgets are ordered by it),
 * a draft and every row of 'Your recent documents' its last change, falling back to creation.
 */
export function homeRowDate(
  group: HomeGroup,
  doc: Pick<HomeDocument, 'kind' | 'createdAt' | 'modifiedAt'>,
): string {
  const isModifiedDate = group === 'recent' || doc.kind === 'draft';
  return isModifiedDate ? (doc.modifiedAt ?? doc.createdAt) : doc.createdAt;
}
