import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { ErrorAlert } from '../../../ui/error-alert';
import { SettingsCard } from '../../../ui/settings-card';
import { toast } from '../../../ui/toast-store';
import { useRebuildCounters } from '../api/rebuild-counters';

/** Recounts the side menu's document counts from the user's documents. */
export function CountersCard() {
  const { t } = useTranslation();
  const rebuild = useRebuildCounters();
  const [isConfirming, setIsConfirming] = useState(false);
  const confirm = () => {
    setIsConfirming(false);
    rebuild.mutate(undefined, {
      onSuccess: () => toast.success(t('account.counters.done'), 5_000),
    });
  };
  return (
    <SettingsCard
      title={t('account.counters.title')}
      description={t('account.counters.description')}
      actions={
        <Button
          variant="outlined"
          loading={rebuild.isPending}
          onClick={() => setIsConfirming(true)}
        >
          {t('account.counters.rebuild')}
        </Button>
      }
    >
      <ErrorAlert error={rebuild.error} />
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('account.counters.confirmTitle')}
        text={t('account.counters.confirmText')}
        confirmLabel={t('account.counters.confirm')}
        onConfirm={confirm}
        onCancel={() => setIsConfirming(false)}
      />
    </SettingsCard>
  );
}
