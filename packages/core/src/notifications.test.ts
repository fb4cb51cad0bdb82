import { describe, expect, it } from 'vitest';
import {
  mergeNotifications,
  type NotificationRow,
  notificationPath,
  relativeTime,
} from './notifications';

const row = (id: string, fields: Partial<NotificationRow> = {}): NotificationRow => ({
  id,
  event: 'section-edit',
  collection: 'deals',
  documentId: 'deal-1',
  documentTitle: 'Supply agreement',
  sectionTitle: 'Payment',
  archiveId: null,
  subject: null,
  fromUserId: 'rick',
  fromName: 'Rick Receiver',
  createdAt: `2026-11-24T10:00:0${id.length}Z`,
  isSeen: true,
  ...fields,
});

describe('mergeNotifications', () => {
  it('merges the same event, document and sender into the newest one', () => {
    const items = mergeNotifications([
      row('3', { sectionTitle: 'Term', isSeen: false }),
      row('2'),
      row('1', { event: 'section-agree' }),
      row('0', { fromUserId: 'sam', fromName: 'Sam' }),
      row('9', { documentId: 'deal-2' }),
    ]);
    expect(items).toHaveLength(4);
    expect(items[0]).toMatchObject({
      ids: ['3', '2'],
      count: 2,
      sectionTitle: 'Term',
      isSeen: false,
    });
    expect(items.map((item) => item.count)).toEqual([2, 1, 1, 1]);
  });

  it('keeps an item seen only when all its notifications are', () => {
    expect(mergeNotifications([row('1'), row('2')])[0]?.isSeen).toBe(true);
    expect(mergeNotifications([row('1'), row('2', { isSeen: false })])[0]?.isSeen).toBe(false);
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const ago = (seconds: number) => relativeTime(new Date(now.getTime() - seconds * 1000), now);
  it('uses s, m, h, d, w and y at the spec thresholds', () => {
    expect(ago(0)).toEqual({ value: 0, unit: 's' });
    expect(ago(59)).toEqual({ value: 59, unit: 's' });
    expect(ago(60)).toEqual({ value: 1, unit: 'm' });
    expect(ago(3599)).toEqual({ value: 59, unit: 'm' });
    expect(ago(3600)).toEqual({ value: 1, unit: 'h' });
    expect(ago(86_399)).toEqual({ value: 23, unit: 'h' });
    expect(ago(86_400)).toEqual({ value: 1, unit: 'd' });
    expect(ago(6 * 86_400)).toEqual({ value: 6, unit: 'd' });
    expect(ago(7 * 86_400)).toEqual({ value: 1, unit: 'w' });
    expect(ago(364 * 86_400)).toEqual({ value: 52, unit: 'w' });
    expect(ago(7 * 365 * 86_400)).toEqual({ value: 7, unit: 'y' });
  });
  it('never shows a negative age for a clock a little ahead', () => {
    expect(relativeTime(new Date(now.getTime() + 5000), now)).toEqual({ value: 0, unit: 's' });
  });
});

describe('notificationPath', () => {
  it('opens deals through doc-load, drafts in the editor and templates in the view', () => {
    expect(notificationPath({ collection: 'deals', documentId: 'a' })).toBe(
      '/dashboard/documents/deals/a',
    );
    expect(notificationPath({ collection: 'drafts', documentId: 'b' })).toBe(
      '/dashboard/draft/b/edit',
    );
    expect(notificationPath({ collection: 'templates', documentId: 'c' })).toBe(
      '/dashboard/templates/view/c',
    );
  });
});
