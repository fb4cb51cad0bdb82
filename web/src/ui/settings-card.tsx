import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEventHandler, type ReactNode, useId } from 'react';

type SettingsCardProps = {
  title: string;
  description?: string;
  /** Given for a card that is one form: its fields and its actions submit together. */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** Buttons at the bottom right. */
  actions?: ReactNode;
  /** Content that takes no room, e.g. a hidden field. */
  hidden?: ReactNode;
  children: ReactNode;
  id?: string;
};

/** One card of a settings page: a heading, a short description, fields and buttons. */
export function SettingsCard({
  title,
  description,
  onSubmit,
  actions,
  hidden,
  children,
  id,
}: SettingsCardProps) {
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} id={id}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box
          component={onSubmit ? 'form' : 'div'}
          noValidate={onSubmit ? true : undefined}
          onSubmit={onSubmit}
        >
          <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {description}
            </Typography>
          )}
          {hidden}
          <Stack spacing={2} sx={{ mt: 2.5 }}>
            {children}
          </Stack>
          {actions && (
            <Stack direction="row" spacing={1} sx={{ mt: 2.5, justifyContent: 'flex-end' }}>
              {actions}
            </Stack>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
