import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { passthroughTime } from '@pactum/core/deals';
import { isDealClosed } from '@pactum/core/drafts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type en from '../../../locales/en.json';
import { ErrorAlert } from '../../../ui/error-alert';
import { formatDateTime } from '../../../ui/format';
import { InvitesList } from '../../invites';
import { useDealEvents } from '../api/list-events';
import type { DealDetail, DealEvent } from '../types';

type InfoKey = keyof (typeof en)['deals']['info'];

/** The activity date format (spec 3 §9): DD/MM HH:mm. */
function activityTime(value: string): string {
  const date = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function EventLine({ event }: { event: DealEvent }) {
  const { t } = useTranslation();
  const key = `event_${event.event}` as InfoKey;
  const known = (t as (k: string, o: { defaultValue: string }) => string)(`deals.info.${key}`, {
    defaultValue: t('deals.info.event_other'),
  });
  const who = event.userInfo
    ? `${event.userInfo.firstname} ${event.userInfo.lastname}`.trim()
    : t('deals.info.someone');
  return (
    <ListItem disableGutters divider>
      <ListItemText
        primary={`${who} ${known}${event.sectionTitle ? ` · ${event.sectionTitle}` : ''}`}
        secondary={
          <>
            {activityTime(event.createdAt)}
            {event.contentSnippet ? ` · ${event.contentSnippet}` : ''}
          </>
        }
      />
    </ListItem>
  );
}

/** Activity: newest first; the next 100 load when the end of the list comes into view. */
function ActivityList({ dealId }: { dealId: string }) {
  const { t } = useTranslation();
  const events = useDealEvents(dealId, true);
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = events;
  useEffect(() => {
    const element = end.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage)
        void fetchNextPage();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (events.isPending) return <Skeleton variant="rounded" height={120} />;
  if (events.isError) return <ErrorAlert error={events.error} />;
  const list = events.data.pages.flatMap((page) => page.events);
  if (list.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('deals.info.noEvents')}
      </Typography>
    );
  }
  return (
    <Box sx={{ maxHeight: 480, overflowY: 'auto' }}>
      <List dense aria-label={t('deals.info.activity')}>
        {list.map((event) => (
          <EventLine key={event.id} event={event} />
        ))}
      </List>
      <div ref={end} />
      {hasNextPage && (
        <Button size="small" onClick={() => fetchNextPage()} disabled={isFetchingNextPage}>
          {t('deals.info.loadMore')}
        </Button>
      )}
    </Box>
  );
}

/** The deal info side panel: Info (names, sent time, passthrough) and Activity tabs. */
export function DealInfoPanel({ deal, onHide }: { deal: DealDetail; onHide: () => void }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'info' | 'activity'>('info');
  const sentAt = deal.sendQueuedAt ?? deal.sentAt;
  const until = deal.signedAt ? new Date(deal.signedAt) : new Date();
  const passthrough = sentAt ? passthroughTime(new Date(sentAt), until) : null;
  const rows: [string, string][] = [
    [t('deals.info.sender'), `${deal.parties.sender.name} (${deal.senderName})`],
    [t('deals.info.receiver'), deal.parties.receiver.name],
    [t('deals.info.sentAt'), deal.sentAt ? formatDateTime(deal.sentAt) : ''],
    [t('deals.info.passthrough'), passthrough ? t('deals.info.duration', passthrough) : ''],
  ];
  return (
    <Card variant="outlined" component="aside" aria-label={t('deals.info.label')}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center' }}>
          <Tabs value={tab} onChange={(_, value) => setTab(value)} sx={{ flexGrow: 1 }}>
            <Tab value="info" label={t('deals.info.info')} />
            <Tab value="activity" label={t('deals.info.activity')} />
          </Tabs>
          <Button size="small" onClick={onHide}>
            {t('deals.info.hide')}
          </Button>
        </Stack>
        <Box sx={{ pt: 2 }}>
          {tab === 'info' ? (
            <Stack spacing={2}>
              <Stack component="dl" spacing={1} sx={{ m: 0, '& dd': { m: 0 } }}>
                {rows.map(([label, value]) => (
                  <Box key={label}>
                    <Typography component="dt" variant="caption" color="text.secondary">
                      {label}
                    </Typography>
                    <Typography component="dd" variant="body2">
                      {value}
                    </Typography>
                  </Box>
                ))}
              </Stack>
              {/* The sender manages the invites while the deal is open (spec 2 §2.3). */}
              {deal.myParty === 'sender' && !isDealClosed(deal.state) && (
                <InvitesList dealId={deal.id} />
              )}
            </Stack>
          ) : (
            <ActivityList dealId={deal.id} />
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
