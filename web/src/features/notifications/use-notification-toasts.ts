import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLiveEvent } from '../../app/live';
import { toasts } from '../../ui/toast-store';
import { useLang } from '../../ui/use-lang';
import { type NotificationItem, pushNotifications } from './api';
import { notificationLine } from './notification-line';
import { notificationLink } from './notification-link';
import { PushGate } from './push-gate';

/** The live event the server sends on `user:<id>` with each new notification. */
export const NOTIFICATION_CREATED = 'notification.created';

/**
 * Shows the user's new notifications as toasts (spec 1 §4: a push is shown once, then marked
 * pushed): the tab asks when the app loads and on each `notification.created`, while it is
 * visible (see `PushGate`); each toast says the notification's line and document and opens it.
 */
export function useNotificationToasts(userId: string): void {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const show = useRef((_item: NotificationItem) => {});
  useEffect(() => {
    show.current = (item) =>
      toasts.show(
        'info',
        notificationLine(lang, item, (count) => t('notifications.times', { count })),
        undefined,
        {
          detail: item.documentTitle,
          action: {
            label: t('notifications.open'),
            onClick: () => navigate(notificationLink(item)),
          },
        },
      );
  });
  const [gate] = useState(
    () =>
      new PushGate({
        isVisible: () => document.visibilityState === 'visible',
        ask: async () => {
          const { items } = await pushNotifications();
          // Newest first from the server; the newest ends up nearest the bottom edge.
          for (const item of [...items].reverse()) show.current(item);
        },
      }),
  );
  useEffect(() => {
    gate.want();
    const onVisibility = () => gate.visibilityChanged();
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [gate]);
  useLiveEvent(`user:${userId}`, NOTIFICATION_CREATED, () => gate.want());
}
