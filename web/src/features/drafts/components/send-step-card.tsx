import CheckCircle from '@mui/icons-material/CheckCircle';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

type SendStepCardProps = {
  number: number;
  title: string;
  /** Not reachable yet: the earlier steps are not complete. */
  isLocked: boolean;
  isDone: boolean;
  children: ReactNode;
};

/** One step of the send page: a numbered section that opens once the steps before it are done. */
export function SendStepCard({ number, title, isLocked, isDone, children }: SendStepCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ opacity: isLocked ? 0.6 : 1 }}
    >
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Avatar
            sx={{
              width: 32,
              height: 32,
              fontSize: 16,
              bgcolor: isDone ? 'success.main' : isLocked ? 'action.disabled' : 'primary.main',
            }}
            aria-hidden
          >
            {isDone ? <CheckCircle fontSize="small" /> : number}
          </Avatar>
          <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 600 }}>
            {`${number}. ${title}`}
          </Typography>
          {isLocked && <LockOutlined fontSize="small" color="disabled" aria-hidden />}
        </Stack>
        {isLocked ? (
          <Typography color="text.secondary" sx={{ mt: 1.5 }}>
            {t('drafts.send.locked')}
          </Typography>
        ) : (
          <Stack spacing={2} sx={{ mt: 2.5 }}>
            {children}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
