import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

type ActionCardProps = { to: string; icon: ReactNode; title: string; text: string };

/** A card of the library that starts something (a blank template, a Word import). */
export function ActionCard({ to, icon, title, text }: ActionCardProps) {
  return (
    <Card
      variant="outlined"
      sx={{
        height: '100%',
        borderStyle: 'dashed',
        borderWidth: 2,
        bgcolor: 'transparent',
        '&:hover': { borderColor: 'primary.main' },
      }}
    >
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
        <CardContent
          sx={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            textAlign: 'center',
            gap: 1,
            py: 4,
          }}
        >
          {icon}
          <Typography variant="subtitle1" component="span" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary" component="span">
            {text}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
