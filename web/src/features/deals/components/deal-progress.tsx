import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ProgressColour } from '@pactum/core/deals';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DealDetail } from '../types';

/** The bar colours of the spec's progress colours (green, blue, grey). */
export const progressBarColour: Record<ProgressColour, 'success' | 'info' | 'inherit'> = {
  green: 'success',
  blue: 'info',
  grey: 'inherit',
};

/** A deal's progress bar in its colour, with the percentage as its accessible value. */
export function ProgressBar({
  progress,
  colour,
  label,
}: {
  progress: number;
  colour: ProgressColour;
  label: string;
}) {
  return (
    <LinearProgress
      variant="determinate"
      value={progress}
      color={progressBarColour[colour]}
      aria-label={label}
      sx={{ height: 8, borderRadius: 4, color: colour === 'grey' ? 'grey.500' : undefined }}
    />
  );
}

/** The negotiation counts and progress of a deal as the viewer's party sees them. */
export function DealProgressCard({ deal }: { deal: DealDetail }) {
  const { t } = useTranslation();
  const headingId = useId();
  const counts = [
    ['original', deal.counts.original],
    ['agreed', deal.counts.agreed],
    ['editedByYou', deal.counts.editedByYou],
    ['editedByOther', deal.counts.editedByOther],
    ['total', deal.counts.total],
  ] as const;
  const progressText = t('deals.counts.progress', { percent: deal.progress });
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="overline" component="h2" color="text.secondary">
          {t('deals.counts.label')}
        </Typography>
        <Box sx={{ my: 1 }}>
          <ProgressBar progress={deal.progress} colour={deal.progressColour} label={progressText} />
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {progressText}
          </Typography>
        </Box>
        <Stack
          component="dl"
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 2, m: 0, '& dd': { m: 0, fontWeight: 600 } }}
        >
          {counts.map(([key, value]) => (
            <Box key={key} data-count={key}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {t(`deals.counts.${key}`)}
              </Typography>
              <Typography component="dd" variant="body1">
                {value}
              </Typography>
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
