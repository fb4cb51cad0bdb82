import Add from '@mui/icons-material/Add';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../ui/error-alert';
import { useMe } from '../../auth';
import { BuyCreditsCard, OrderForm, useWorkspace, type WorkspaceSummary } from '../../workspaces';
import { useDraftText } from '../use-draft-text';

type BillingStepProps = {
  workspaces: WorkspaceSummary[] | undefined;
  isLoading: boolean;
  error: unknown;
  workspaceId: string | null;
  onChange: (workspaceId: string) => void;
  /** Credits this send costs: price × receivers. */
  total: number;
  isCreditSufficient: boolean;
  disabled?: boolean;
  /** Where a 3-D Secure payment comes back to (this page). */
  returnTo: string;
};

/** A workspace can pay when it has been verified (and not rejected). */
export const canPay = (workspace: WorkspaceSummary) =>
  workspace.isVerified && !workspace.isRejected;

/**
 * Billing account: the workspace whose credits pay for the send. Workspaces waiting for review
 * are listed but cannot be chosen. New accounts and credits are bought here in dialogs.
 */
export function BillingStep({
  workspaces,
  isLoading,
  error,
  workspaceId,
  onChange,
  total,
  isCreditSufficient,
  disabled,
  returnTo,
}: BillingStepProps) {
  const { t } = useTranslation();
  const text = useDraftText();
  const labelId = useId();
  const [dialog, setDialog] = useState<'order' | 'buy'>();
  const selected = workspaces?.find((workspace) => workspace.id === workspaceId);

  if (isLoading) return <Skeleton variant="rounded" height={56} />;
  return (
    <Stack spacing={2}>
      <ErrorAlert error={error} />
      {workspaces && workspaces.length === 0 && (
        <Alert severity="info">{t('drafts.send.billing.none')}</Alert>
      )}
      {workspaces && workspaces.length > 0 && (
        <FormControl fullWidth disabled={disabled}>
          <InputLabel id={labelId}>{t('drafts.send.billing.label')}</InputLabel>
          <Select
            labelId={labelId}
            label={t('drafts.send.billing.label')}
            value={selected ? selected.id : ''}
            onChange={(event) => onChange(event.target.value)}
          >
            {workspaces.map((workspace) => (
              <MenuItem key={workspace.id} value={workspace.id} disabled={!canPay(workspace)}>
                {canPay(workspace)
                  ? t('drafts.send.billing.option', {
                      title: workspace.title,
                      credits: workspace.credits,
                    })
                  : `${workspace.title} ${text('waitingForReview')}`}
              </MenuItem>
            ))}
          </Select>
          <FormHelperText>{t('drafts.send.billing.price', { count: total })}</FormHelperText>
        </FormControl>
      )}
      {selected && !isCreditSufficient && (
        <Alert severity="warning" role="alert">
          <Typography>
            {t('drafts.send.billing.insufficient', {
              credits: selected.credits,
              total,
              reason: text('insufficientCredits'),
            })}
          </Typography>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {t('drafts.send.billing.demoHint')}
          </Typography>
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button
          variant="outlined"
          startIcon={<Add />}
          onClick={() => setDialog('order')}
          disabled={disabled}
        >
          {t('drafts.send.billing.create')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<ShoppingCartOutlined />}
          onClick={() => setDialog('buy')}
          disabled={disabled || !selected || !canPay(selected) || selected.isDemo}
        >
          {t('drafts.send.billing.buy')}
        </Button>
      </Stack>
      <OrderDialog
        isOpen={dialog === 'order'}
        onClose={() => setDialog(undefined)}
        returnTo={returnTo}
        onOrdered={(id) => {
          setDialog(undefined);
          onChange(id);
        }}
      />
      {selected && (
        <BuyDialog
          isOpen={dialog === 'buy'}
          workspaceId={selected.id}
          returnTo={returnTo}
          onClose={() => setDialog(undefined)}
        />
      )}
    </Stack>
  );
}

function OrderDialog({
  isOpen,
  onClose,
  onOrdered,
  returnTo,
}: {
  isOpen: boolean;
  onClose: () => void;
  onOrdered: (workspaceId: string) => void;
  returnTo: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const me = useMe().data;
  return (
    <Dialog open={isOpen} onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId}>{t('drafts.send.billing.create')}</DialogTitle>
      <DialogContent>
        {me && <OrderForm me={me} onOrdered={onOrdered} returnTo={returnTo} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function BuyDialog({
  isOpen,
  workspaceId,
  onClose,
  returnTo,
}: {
  isOpen: boolean;
  workspaceId: string;
  onClose: () => void;
  returnTo: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const workspace = useWorkspace(workspaceId);
  return (
    <Dialog open={isOpen} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t('drafts.send.billing.buy')}</DialogTitle>
      <DialogContent>
        {workspace.isPending ? (
          <Skeleton variant="rounded" height={320} />
        ) : workspace.isError ? (
          <ErrorAlert error={workspace.error} />
        ) : (
          <BuyCreditsCard workspace={workspace.data} returnTo={returnTo} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
