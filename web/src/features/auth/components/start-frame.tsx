import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type StartFrameProps = {
  /** The page heading (its only h1). */
  title: string;
  /** A line under the heading. */
  subtitle?: ReactNode;
  children: ReactNode;
};

/**
 * The frame of the sign-in, registration, verification and invite cards: on wide screens a
 * welcome panel beside the card.
 */
export function StartFrame({ title, subtitle, children }: StartFrameProps) {
  const { t } = useTranslation();
  return (
    <Card
      variant="outlined"
      sx={{ width: '100%', maxWidth: { xs: 480, md: 980 }, display: 'flex', overflow: 'hidden' }}
    >
      <Box
        component="aside"
        aria-label={t('start.welcome')}
        sx={{
          display: { xs: 'none', md: 'flex' },
          flex: '0 0 42%',
          flexDirection: 'column',
          justifyContent: 'center',
          gap: 3,
          p: 6,
          color: 'primary.contrastText',
          background: 'linear-gradient(150deg, #e31c81 0%, #a3105b 100%)',
        }}
      >
        <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
          {t('start.welcome')}
        </Typography>
        <Typography sx={{ opacity: 0.92 }}>{t('start.tagline')}</Typography>
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {(['point1', 'point2', 'point3'] as const).map((point) => (
            <Box
              component="li"
              key={point}
              sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}
            >
              <CheckCircleOutline fontSize="small" aria-hidden />
              <Typography variant="body2">{t(`start.${point}`)}</Typography>
            </Box>
          ))}
        </Stack>
      </Box>
      <Box sx={{ flex: 1, p: { xs: 3, sm: 5 }, minWidth: 0 }}>
        <Stack spacing={2.5}>
          <Box>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
            {subtitle && (
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {subtitle}
              </Typography>
            )}
          </Box>
          {children}
        </Stack>
      </Box>
    </Card>
  );
}
