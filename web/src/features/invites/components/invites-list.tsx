import Add from '@mui/icons-material/Add';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Send from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { canRemoveInvite, canResendInvite } from '@pactum/core/drafts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/error-text';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { ErrorAlert } from '../../../ui/error-alert';
import { toast } from '../../../ui/toast-store';
import { useLang } from '../../../ui/use-lang';
import { useDraftText } from '../../drafts';
import { useDeleteInvite, useInvites, useResendInvite } from '../api/invites';
import type { DealInvite } from '../types';
import { InviteDialog } from './invite-dialog';

/** Copies an invite link; the spec's texts tell how it went (2 §8). */
async function copyLink(link: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(new URL(link, window.location.origin).toString());
    return true;
  } catch {
    return false;
  }
}

/**
 * The sender's invites of a deal (spec 2 §2.3): status per invite, copy link, resend (missing
 * status, new or a failure), remove (only new), and 'Invite new receivers'.
 */
export function InvitesList({ dealId }: { dealId: string }) {
  const { t } = useTranslation();
  const text = useDraftText();
  const lang = useLang();
  const invites = useInvites(dealId);
  const resend = useResendInvite(dealId);
  const remove = useDeleteInvite(dealId);
  const [isAdding, setIsAdding] = useState(false);
  const [removing, setRemoving] = useState<DealInvite>();
  const fail = (error: unknown) => toast.error(errorText(error, lang));

  const onCopy = async (link: string) => {
    if (await copyLink(link)) toast.success(text('inviteLinkCopied'), 5_000);
    else toast.error(t('sending.invites.copyFailed'));
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2" component="h3">
          {t('sending.invites.title')}
        </Typography>
        <Button size="small" startIcon={<Add />} onClick={() => setIsAdding(true)}>
          {t('sending.invites.add')}
        </Button>
      </Stack>
      {invites.isPending ? (
        <Skeleton variant="rounded" height={56} />
      ) : invites.isError ? (
        <ErrorAlert error={invites.error} />
      ) : invites.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('sending.invites.empty')}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={t('sending.invites.title')}>
          {invites.data.map((invite) => (
            <ListItem
              key={invite.id}
              disableGutters
              secondaryAction={
                <Stack direction="row">
                  {invite.link && (
                    <Tooltip title={t('sending.invites.copy')}>
                      <IconButton
                        size="small"
                        aria-label={t('sending.invites.copyFor', { email: invite.email })}
                        onClick={() => onCopy(invite.link ?? '')}
                      >
                        <ContentCopy fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                  {canResendInvite(invite.mailStatus) && (
                    <Tooltip title={t('sending.invites.resend')}>
                      <IconButton
                        size="small"
                        aria-label={t('sending.invites.resendFor', { email: invite.email })}
                        disabled={resend.isPending}
                        onClick={() =>
                          resend.mutate(invite.id, {
                            onSuccess: () =>
                              toast.success(
                                t('sending.invites.resent', { email: invite.email }),
                                5_000,
                              ),
                            onError: fail,
                          })
                        }
                      >
                        <Send fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                  {canRemoveInvite(invite.mailStatus) && (
                    <Tooltip title={t('sending.invites.remove')}>
                      <IconButton
                        size="small"
                        aria-label={t('sending.invites.removeFor', { email: invite.email })}
                        onClick={() => setRemoving(invite)}
                      >
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </Stack>
              }
              sx={{ pr: 14 }}
            >
              <ListItemText
                primary={invite.email}
                secondary={t(`sending.invites.status.${invite.mailStatus ?? 'missing'}`)}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <InviteDialog
        dealId={dealId}
        isOpen={isAdding}
        onClose={() => setIsAdding(false)}
        invited={invites.data?.map((invite) => invite.email.toLowerCase()) ?? []}
      />
      <ConfirmDialog
        isOpen={Boolean(removing)}
        title={t('sending.invites.removeConfirm', { email: removing?.email ?? '' })}
        confirmLabel={t('common.remove')}
        onCancel={() => setRemoving(undefined)}
        onConfirm={() => {
          const invite = removing;
          setRemoving(undefined);
          if (!invite) return;
          remove.mutate(invite.id, {
            onSuccess: () =>
              toast.success(t('sending.invites.removed', { email: invite.email }), 5_000),
            onError: fail,
          });
        }}
      />
    </Stack>
  );
}
