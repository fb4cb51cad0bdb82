import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppVersion } from '../../app/health';
import type { Me } from '../auth';
import { initials } from './initials';

/** The user's avatar: the tooltip names the user, the e-mail and the build; it opens My account. */
export function UserAvatar({ me }: { me: Me }) {
  const { t } = useTranslation();
  const { loaded } = useAppVersion();
  const title = (
    <Box sx={{ py: 0.5 }}>
      <Box sx={{ fontWeight: 600 }}>{me.name}</Box>
      <Box>{me.email}</Box>
      {loaded && <Box sx={{ opacity: 0.8 }}>{t('shell.version', { version: loaded })}</Box>}
    </Box>
  );
  return (
    <Tooltip title={title}>
      <IconButton
        component={RouterLink}
        to="/dashboard/account/my"
        aria-label={t('shell.account', { name: me.name })}
        sx={{ p: 0.5 }}
      >
        <Avatar sx={{ width: 34, height: 34, bgcolor: 'primary.main', fontSize: 15 }}>
          {initials(me)}
        </Avatar>
      </IconButton>
    </Tooltip>
  );
}
