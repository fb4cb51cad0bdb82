import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { WorkspaceType } from '../types';

/** How a workspace pays: a card or an invoice icon, named for screen readers. */
export function WorkspaceTypeIcon({ type }: { type: WorkspaceType }) {
  const { t } = useTranslation();
  const label = t(`workspaces.type.${type}`);
  const Icon = type === 'card' ? CreditCardOutlined : ReceiptLongOutlined;
  return (
    <Tooltip title={label}>
      <Icon role="img" aria-label={label} aria-hidden={false} color="action" />
    </Tooltip>
  );
}
