import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ArchiveFiling } from '../types';

/**
 * Signed deals on their way into the Inbox (spec 1 §2: in-progress save-to-archive items with
 * progress), and those whose saving failed and waits for its retry.
 */
export function InboxFilings({ filings }: { filings: readonly ArchiveFiling[] }) {
  const { t } = useTranslation();
  if (filings.length === 0) return null;
  return (
    <Card variant="outlined" component="section" aria-label={t('archive.filings.title')}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {t('archive.filings.title')}
        </Typography>
        <Stack spacing={2}>
          {filings.map((filing) => (
            <Stack key={`${filing.dealId}-${filing.party}`} spacing={0.5}>
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {filing.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {filing.state === 'failed' ? '' : `${filing.progress} %`}
                </Typography>
              </Stack>
              {filing.state === 'failed' ? (
                <Alert severity="warning" variant="outlined">
                  {t('archive.filings.failed')}
                </Alert>
              ) : (
                <>
                  <LinearProgress
                    variant="determinate"
                    value={filing.progress}
                    aria-label={t('archive.filings.progress', {
                      title: filing.title,
                      percent: filing.progress,
                    })}
                  />
                  <Typography variant="caption" color="text.secondary">
                    {t(`archive.filings.${filing.step}`)}
                  </Typography>
                </>
              )}
            </Stack>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
