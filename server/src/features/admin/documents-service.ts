import type { AdminDocumentKind } from '@pactum/core/admin';
import type {
  AdminDocumentDetail,
  AdminDocumentListQuery,
  AdminDocumentRow,
  AdminUserRef,
} from '@pactum/core/api/admin';
import type { DocumentCollection } from '@pactum/core/documents';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { toChainCheck } from './chain-check';
import {
  type DocumentRowRecord,
  findChainCheck,
  findDealRecord,
  findDraftRecord,
  selectAccessRows,
  selectDocumentEvents,
  selectDocumentPage,
  selectSigners,
} from './documents-queries';

/*
 * The admin area's documents (issue 17): every deal and draft, found by title, contract id, a
 * party, the creator's e-mail or the id, and a document's page with its access, signers,
 * activity of both parties and the last audit chain check. Read-only: nothing here is an admin
 * action (restoring a trashed deal is the deal route's).
 */

/** How many events the document page shows, newest first. */
const DOCUMENT_PAGE_EVENTS = 100;

const userRef = (user: {
  id: string | null;
  name: string | null;
  email: string | null;
}): AdminUserRef | null =>
  user.id ? { id: user.id, name: user.name ?? '', email: user.email ?? '' } : null;

function toRow(record: DocumentRowRecord): AdminDocumentRow {
  return {
    kind: record.kind,
    id: record.id,
    title: record.title,
    state: record.state,
    process: record.process,
    contractUid: record.contractUid,
    senderName: record.senderName,
    receiverName: record.receiverName,
    workspace: record.workspaceId
      ? { id: record.workspaceId, title: record.workspaceTitle ?? '' }
      : null,
    createdBy: userRef({
      id: record.creatorId,
      name: record.creatorName,
      email: record.creatorEmail,
    }),
    createdAt: record.createdAt,
    modifiedAt: record.modifiedAt,
  };
}

/** A page of deals and (unsent) drafts, newest change first. */
export async function listAdminDocuments(
  platform: Platform,
  query: AdminDocumentListQuery,
): Promise<{ items: AdminDocumentRow[]; page: number; pageSize: number; hasMore: boolean }> {
  const rows = await selectDocumentPage(platform.database.db, query);
  return {
    items: rows.slice(0, query.pageSize).map(toRow),
    page: query.page,
    pageSize: query.pageSize,
    hasMore: rows.length > query.pageSize,
  };
}

/** A document's page for support: 404 when there is no such deal or draft. */
export async function getAdminDocument(
  platform: Platform,
  options: { kind: AdminDocumentKind; documentId: string },
): Promise<AdminDocumentDetail> {
  const { db } = platform.database;
  const base =
    options.kind === 'deal'
      ? await dealBase(platform, options.documentId)
      : await draftBase(platform, options.documentId);
  if (!base) throw new AppError('not_found');
  const collection: DocumentCollection = options.kind === 'deal' ? 'deals' : 'drafts';
  const [access, signers, events, check] = await Promise.all([
    selectAccessRows(db, collection, options.documentId),
    options.kind === 'deal' ? selectSigners(db, options.documentId) : [],
    selectDocumentEvents(db, {
      collection,
      documentId: options.documentId,
      limit: DOCUMENT_PAGE_EVENTS,
    }),
    options.kind === 'deal' ? findChainCheck(db, collection, options.documentId) : undefined,
  ]);
  return {
    ...base,
    access: access.map((entry) => ({
      id: entry.id,
      user: userRef({ id: entry.userId, name: entry.userName, email: entry.userEmail }),
      email: entry.email,
      workspace: entry.workspaceId
        ? { id: entry.workspaceId, title: entry.workspaceTitle ?? '' }
        : null,
      group: entry.groupId ? { id: entry.groupId, name: entry.groupName ?? '' } : null,
      role: entry.role,
      party: entry.party,
    })),
    signers: signers.map((signer) => ({
      id: signer.id,
      party: signer.party,
      name: `${signer.firstname} ${signer.lastname}`.trim(),
      email: signer.email,
      state: signer.state,
      signedAt: signer.signedAt,
      revokedAt: signer.revokedAt,
    })),
    events: events.map((event) => ({
      id: event.id,
      event: event.event,
      party: event.party,
      user: userRef({ id: event.userId, name: event.userName, email: event.userEmail }),
      seq: event.seq,
      data: event.data,
      createdAt: event.createdAt,
    })),
    chainCheck: check ? toChainCheck(check) : null,
  };
}

type DocumentBase = Omit<AdminDocumentDetail, 'access' | 'signers' | 'events' | 'chainCheck'>;

async function dealBase(platform: Platform, dealId: string): Promise<DocumentBase | null> {
  const record = await findDealRecord(platform.database.db, dealId);
  if (!record) return null;
  const { deal } = record;
  return {
    kind: 'deal',
    id: deal.id,
    title: deal.title,
    state: deal.state,
    process: deal.process,
    contractUid: deal.contractUid ?? '',
    senderName: deal.parties.sender?.name ?? '',
    receiverName: deal.parties.receiver?.name ?? '',
    workspace: deal.workspaceId
      ? { id: deal.workspaceId, title: record.workspaceTitle ?? '' }
      : null,
    createdBy: userRef(record.creator ?? { id: null, name: null, email: null }),
    createdAt: deal.createdAt,
    modifiedAt: deal.modifiedAt,
    beforeTrashState: deal.beforeTrashState,
    signedAt: deal.signedAt,
    draftId: deal.draftId,
  };
}

async function draftBase(platform: Platform, draftId: string): Promise<DocumentBase | null> {
  const record = await findDraftRecord(platform.database.db, draftId);
  if (!record) return null;
  const { draft } = record;
  return {
    kind: 'draft',
    id: draft.id,
    title: draft.title,
    state: 'draft',
    process: draft.dealProcess ?? draft.defaultProcess ?? 'negotiate',
    contractUid: '',
    senderName: draft.parties.sender?.name ?? '',
    receiverName: draft.parties.receiver?.name ?? '',
    workspace: draft.workspaceId
      ? { id: draft.workspaceId, title: record.workspaceTitle ?? '' }
      : null,
    createdBy: userRef(record.creator ?? { id: null, name: null, email: null }),
    createdAt: draft.createdAt,
    modifiedAt: draft.modifiedAt,
    beforeTrashState: null,
    signedAt: null,
    draftId: record.dealId,
  };
}
