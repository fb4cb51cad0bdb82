import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { titleAndTime } from '../../../ui/format';
import { useLang } from '../../../ui/use-lang';
import { useChanges } from '../api/list-changes';
import { feedLineText } from '../feed-line';
import { feedItemPath } from '../home-links';
import { relativeTimeText } from '../relative-time';
import { HomeWidget, WidgetBody } from './home-widget';

/** Renders again every `intervalMs`, so times relative to now stay true. */
function useTick(intervalMs: number): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((tick) => tick + 1), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
}

/**
 * 'Latest changes by others': who did what in which document and how long ago, newest first;
 * each line opens its document. The times move on once a minute.
 */
export function LatestChanges() {
  const { t } = useTranslation();
  const lang = useLang();
  const changes = useChanges();
  useTick(60_000);
  const title = t('dashboardHome.latestChanges');
  const now = new Date();
  return (
    <HomeWidget title={title}>
      <WidgetBody
        query={changes}
        title={title}
        isEmpty={(items) => items.length === 0}
        emptyText={t('dashboardHome.noChanges')}
        errorText={t('dashboardHome.changesFailed')}
      >
        {(items) => (
          // The lines' text lines up with the title; their hover shade reaches a little beyond.
          <List
            dense
            disablePadding
            aria-label={title}
            sx={{ maxHeight: 440, overflowY: 'auto', mx: -1 }}
          >
            {items.map((item) => (
              <ListItemButton
                key={item.id}
                component={RouterLink}
                to={feedItemPath(item)}
                sx={{ borderRadius: 1, px: 1 }}
              >
                <ListItemText
                  primary={feedLineText(lang, item, t('dashboardHome.unknownActor'))}
                  secondary={titleAndTime(
                    item.documentTitle,
                    relativeTimeText(new Date(item.createdAt), now, lang),
                  )}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </WidgetBody>
    </HomeWidget>
  );
}
