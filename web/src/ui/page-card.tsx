import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type PageCardProps = {
  /** The page's heading (its only h1). */
  title: string;
  children: ReactNode;
};

/** A small page's content in one card with the page heading, as public pages show it. */
export function PageCard({ title, children }: PageCardProps) {
  return (
    <Card variant="outlined" sx={{ width: '100%', maxWidth: 480 }}>
      <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}
