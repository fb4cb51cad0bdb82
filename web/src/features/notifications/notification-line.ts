import { notificationText } from '@pactum/core/notification-texts';
import type { Lang } from '@pactum/core/validation';
import type { NotificationItem } from './api';

/**
 * The line of a notification in the menu and its toast: the shared wording of the event
 * (`notificationText`, as the e-mail digest says it), with how many times when merged.
 */
export function notificationLine(
  lang: Lang,
  item: Pick<NotificationItem, 'event' | 'fromName' | 'sectionTitle' | 'subject' | 'count'>,
  times: (count: number) => string,
): string {
  const text = notificationText(lang, item);
  return item.count > 1 ? `${text} ${times(item.count)}` : text;
}
