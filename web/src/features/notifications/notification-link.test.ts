import { describe, expect, it } from 'vitest';
import type { NotificationItem } from './api';
import { notificationLink } from './notification-link';

const item: NotificationItem = {
  event: 'section-agree',
  collection: 'deals',
  documentId: '6f1f7c55-7c7a-4c3f-9d3c-1f1e1b1a1c1d',
  documentTitle: 'NDA',
  sectionTitle: null,
  archiveId: null,
  subject: null,
  fromUserId: null,
  fromName: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  isSeen: false,
  ids: ['0b3c7d3e-8d2c-4e63-9d8e-3a4b5c6d7e8f'],
  count: 1,
};

describe('notificationLink', () => {
  it('opens a deal’s notification on the deal', () => {
    expect(notificationLink(item)).toBe(`/dashboard/documents/deals/${item.documentId}`);
  });

  it('opens a new Inbox item in the Inbox viewer', () => {
    const archiveId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    expect(
      notificationLink({ ...item, event: 'new-inbox-item', archiveId } as NotificationItem),
    ).toBe(`/dashboard/account/archive/inbox/${archiveId}`);
    // The list does not name the copy yet: the Inbox, where it is.
    expect(notificationLink({ ...item, event: 'new-inbox-item' })).toBe(
      '/dashboard/account/archive/inbox',
    );
  });

  it('opens a document alert’s file in the viewer, which moves to the file’s folder', () => {
    const fileId = '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a9f';
    expect(
      notificationLink({
        ...item,
        event: 'upcoming-document-alert',
        collection: 'archives',
        documentId: fileId,
        subject: 'Renew the lease',
      }),
    ).toBe(`/dashboard/account/archive/inbox/${fileId}`);
  });
});
