import Close from '@mui/icons-material/Close';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { NOTIFICATION_SEEN_DELAY_MS, relativeTime } from '@pactum/core/notifications';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../app/error-text';
import { useLiveTopic } from '../../app/live';
import { titleAndTime } from '../../ui/format';
import { toast } from '../../ui/toast-store';
import { useLang } from '../../ui/use-lang';
import {
  type NotificationItem,
  notificationLine,
  notificationLink,
  notificationsQueryKey,
  useClearNotifications,
  useMarkNotificationsSeen,
  useNotifications,
  useNotificationToasts,
} from '../notifications';

/**
 * The bell (spec 1 §2): a badge with the number of new notifications, and the menu listing
 * them newest first, merged by type, document and sender. Open for 5 s, they count as seen;
 * each can be cleared, or all at once. A line opens its document (an archived file for alerts
 * and Inbox copies). New notifications also show once as toasts in the visible tab.
 */
export function NotificationsMenu({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const menuId = useId();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const notifications = useNotifications(userId);
  const markSeen = useMarkNotificationsSeen(userId);
  const clear = useClearNotifications(userId);
  // New notifications (and other tabs' seen/clear) arrive on the user's topic.
  useLiveTopic(`user:${userId}`, notificationsQueryKey(userId));
  useNotificationToasts(userId);
  const items = notifications.data?.items ?? [];
  const unseen = notifications.data?.unseen ?? 0;
  const isOpen = Boolean(anchor);

  const unseenIds = items.filter((item) => !item.isSeen).flatMap((item) => item.ids);
  const unseenKey = unseenIds.join(',');
  const { mutate: mark } = markSeen;
  useEffect(() => {
    if (!isOpen || unseenKey === '') return undefined;
    const timer = setTimeout(() => mark({ ids: unseenKey.split(',') }), NOTIFICATION_SEEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isOpen, unseenKey, mark]);

  const onClear = (ids?: string[]) =>
    clear.mutate(ids ? { ids } : {}, {
      onError: (error) => toast.error(errorText(error, lang)),
    });
  const open = (item: NotificationItem) => {
    setAnchor(null);
    navigate(notificationLink(item));
  };

  const label =
    unseen > 0 ? t('notifications.bellNew', { count: unseen }) : t('shell.notifications');
  return (
    <>
      <Tooltip title={t('shell.notifications')}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-controls={isOpen ? menuId : undefined}
          aria-haspopup="menu"
          aria-expanded={isOpen ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge badgeContent={unseen} color="error" max={99}>
            <NotificationsNoneOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={isOpen}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { sx: { width: 380, maxWidth: 'calc(100vw - 32px)', maxHeight: 480 } },
          list: { 'aria-label': t('shell.notifications') },
        }}
      >
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}
        >
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('shell.notifications')}
          </Typography>
          {items.length > 0 && (
            <Button size="small" onClick={() => onClear()} disabled={clear.isPending}>
              {t('notifications.clearAll')}
            </Button>
          )}
        </Stack>
        <Divider />
        {notifications.isPending && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
            <CircularProgress size={24} aria-label={t('notifications.loading')} />
          </Box>
        )}
        {notifications.isError && (
          <MenuItem disabled>{errorText(notifications.error, lang)}</MenuItem>
        )}
        {notifications.isSuccess && items.length === 0 && (
          <MenuItem disabled>{t('shell.noNotifications')}</MenuItem>
        )}
        {items.map((item) => (
          <MenuItem
            key={item.ids[0]}
            onClick={() => open(item)}
            sx={{ alignItems: 'flex-start', whiteSpace: 'normal', gap: 1, pr: 1 }}
          >
            <Box
              aria-hidden
              sx={{
                mt: 1,
                width: 8,
                height: 8,
                flexShrink: 0,
                borderRadius: '50%',
                bgcolor: item.isSeen ? 'transparent' : 'primary.main',
              }}
            />
            <ListItemText
              primary={<NotificationText item={item} />}
              secondary={<NotificationMeta item={item} />}
              slotProps={{
                primary: { sx: { fontWeight: item.isSeen ? 400 : 600 }, variant: 'body2' },
              }}
            />
            <IconButton
              size="small"
              aria-label={t('notifications.clear')}
              onClick={(event) => {
                event.stopPropagation();
                onClear(item.ids);
              }}
            >
              <Close fontSize="small" />
            </IconButton>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The shared wording of the event (as its toast and the e-mail digest say it). */
function NotificationText({ item }: { item: NotificationItem }) {
  const { t } = useTranslation();
  const lang = useLang();
  return notificationLine(lang, item, (count) => t('notifications.times', { count }));
}

/** The document's title and how long ago (s, min, h, d, wk, y). */
function NotificationMeta({ item }: { item: NotificationItem }) {
  const { t } = useTranslation();
  const { value, unit } = relativeTime(new Date(item.createdAt), new Date());
  return titleAndTime(
    item.documentTitle,
    t(`notifications.ago.${unit}` as 'notifications.ago.s', { value }),
  );
}
