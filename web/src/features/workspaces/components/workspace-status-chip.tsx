import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

type Props = { isVerified: boolean; isRejected: boolean; isDemo?: boolean };

/** A workspace that is not usable yet (or a demo) says so beside its name; nothing otherwise. */
export function WorkspaceStatusChip({ isVerified, isRejected, isDemo = false }: Props) {
  const { t } = useTranslation();
  if (isRejected) return <Chip size="small" color="error" label={t('workspaces.rejected')} />;
  if (!isVerified) return <Chip size="small" color="warning" label={t('workspaces.waiting')} />;
  if (isDemo) return <Chip size="small" color="info" label={t('workspaces.demo')} />;
  return null;
}
