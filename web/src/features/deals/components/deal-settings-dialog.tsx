import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DEAL_SETTINGS_AUTOSAVE_MS, type DealSettings } from '@pactum/core/deals';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../ui/error-alert';
import { useUpdateDealSettings } from '../api/update-settings';
import type { DealDetail } from '../types';

type Values = {
  title: string;
  abstract: string;
  contractUid: string;
  senderName: string;
  receiverName: string;
};

const valuesOf = (deal: DealDetail): Values => ({
  title: deal.title,
  abstract: deal.abstract,
  contractUid: deal.contractUid,
  senderName: deal.parties.sender.name,
  receiverName: deal.parties.receiver.name,
});

/** What changed between two sets of values, as the settings request. */
function changesOf(deal: DealDetail, before: Values, now: Values): DealSettings {
  const changes: DealSettings = {};
  if (now.title !== before.title) changes.title = now.title;
  if (now.abstract !== before.abstract) changes.abstract = now.abstract;
  if (now.contractUid !== before.contractUid) changes.contractUid = now.contractUid;
  if (now.senderName !== before.senderName || now.receiverName !== before.receiverName) {
    changes.parties = {
      sender: { ...deal.parties.sender, name: now.senderName },
      receiver: { ...deal.parties.receiver, name: now.receiverName },
    };
  }
  return changes;
}

/**
 * The deal settings dialog (`#settings`): title, abstract, contract id and party names, saved
 * 2 s after the last change, only when something changed; closing saves what is pending.
 */
export function DealSettingsDialog({ deal, onClose }: { deal: DealDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const update = useUpdateDealSettings(deal.id);
  const [values, setValues] = useState<Values>(() => valuesOf(deal));
  const saved = useRef<Values>(valuesOf(deal));
  const [isDirty, setIsDirty] = useState(false);
  // The values on screen now: a save that settles after newer typing leaves them dirty.
  const latest = useRef(values);
  latest.current = values;
  const { mutate } = update;

  /** Saves what differs from the last saved values, at once; false when nothing to save. */
  const flush = useCallback(() => {
    const now = latest.current;
    const changes = changesOf(deal, saved.current, now);
    if (Object.keys(changes).length === 0 || now.title.trim() === '') {
      setIsDirty(false);
      return;
    }
    mutate(changes, {
      onSuccess: () => {
        saved.current = now;
      },
      onSettled: () => {
        if (latest.current === now) setIsDirty(false);
      },
    });
  }, [deal, mutate]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each change of the values restarts the 2 s wait.
  useEffect(() => {
    if (!isDirty) return undefined;
    const timer = setTimeout(flush, DEAL_SETTINGS_AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [isDirty, values, flush]);

  // Closing within the 2 s keeps the typing: it is saved at once.
  const close = () => {
    if (isDirty) flush();
    onClose();
  };

  const field = (name: keyof Values, label: string, isMultiline = false, helperText?: string) => (
    <TextField
      label={label}
      value={values[name]}
      disabled={Boolean(helperText)}
      helperText={helperText}
      onChange={(event) => {
        setValues({ ...values, [name]: event.target.value });
        setIsDirty(true);
      }}
      multiline={isMultiline}
      minRows={isMultiline ? 2 : undefined}
      fullWidth
      size="small"
    />
  );

  const isSaving = isDirty || update.isPending;
  return (
    <Dialog open onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('deals.settings.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Chip
            size="small"
            role="status"
            color={isSaving ? 'default' : 'success'}
            label={isSaving ? t('deals.settings.saving') : t('deals.settings.saved')}
            sx={{ alignSelf: 'flex-start' }}
          />
          {field('title', t('deals.settings.dealTitle'))}
          {field('abstract', t('deals.settings.abstract'), true)}
          {field('contractUid', t('deals.settings.contractUid'))}
          {field('senderName', t('deals.settings.senderName'))}
          {field(
            'receiverName',
            t('deals.settings.receiverName'),
            false,
            // Once the receiver confirmed their details, they are theirs to change.
            deal.receiverValidated ? t('deals.settings.receiverConfirmed') : undefined,
          )}
          <ErrorAlert error={update.error} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
