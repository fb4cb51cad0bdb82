import { describe, expect, it } from 'vitest';
import { alertPath, feedItemPath, homeDocumentPath, homeListPath, homeRowDate } from './home-links';

const id = '6f1f7c55-7c7a-4c3f-9d3c-1f1e1b1a1c1d';

describe('home links', () => {
  it('opens a party’s deal through doc-load and a named signer’s in the signing view', () => {
    expect(homeDocumentPath({ kind: 'deal', id, myParty: 'receiver' })).toBe(
      `/dashboard/documents/deals/${id}`,
    );
    expect(homeDocumentPath({ kind: 'deal', id, myParty: null })).toBe(
      `/dashboard/documents/deals/${id}/sign`,
    );
  });

  it('opens a draft in its editor, from a row and from a feed line', () => {
    expect(homeDocumentPath({ kind: 'draft', id, myParty: null })).toBe(
      `/dashboard/draft/${id}/edit`,
    );
    expect(feedItemPath({ collection: 'drafts', documentId: id, myParty: null })).toBe(
      `/dashboard/draft/${id}/edit`,
    );
    expect(feedItemPath({ collection: 'deals', documentId: id, myParty: 'sender' })).toBe(
      `/dashboard/documents/deals/${id}`,
    );
  });

  it('opens an alert’s file with the alert drawer open', () => {
    expect(alertPath({ itemId: id, parentId: null })).toBe(
      `/dashboard/account/archive/inbox/${id}?showAlertDrawer`,
    );
    const folder = '0b5e9d2a-3c4f-4a6b-8c7d-9e0f1a2b3c4d';
    expect(alertPath({ itemId: id, parentId: folder })).toBe(
      `/dashboard/account/archive/${folder}/${id}?showAlertDrawer`,
    );
  });

  it('gives every widget but recent its full list; waiting goes to waiting', () => {
    expect(homeListPath('recent')).toBeUndefined();
    expect(homeListPath('drafts')).toBe('/dashboard/drafts/list');
    expect(homeListPath('waiting')).toBe('/dashboard/documents/waiting');
    expect(homeListPath('negotiate')).toBe('/dashboard/documents/negotiate');
  });

  it('dates a deal row by creation, drafts and recent rows by their last change', () => {
    const createdAt = '2025-01-01T00:00:00.000Z';
    const modifiedAt = '2025-02-01T00:00:00.000Z';
    expect(homeRowDate('negotiate', { kind: 'deal', createdAt, modifiedAt })).toBe(createdAt);
    expect(homeRowDate('recent', { kind: 'deal', createdAt, modifiedAt })).toBe(modifiedAt);
    expect(homeRowDate('drafts', { kind: 'draft', createdAt, modifiedAt })).toBe(modifiedAt);
    expect(homeRowDate('recent', { kind: 'draft', createdAt, modifiedAt: null })).toBe(createdAt);
  });
});
