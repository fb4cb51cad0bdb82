import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { escapeHtml } from '@pactum/core/deals';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../ui/error-alert';
import { formatDateTime } from '../../../ui/format';
import { richTextSx } from '../../sections';
import { useRedline } from '../api/get-redline';
import { useVersions } from '../api/list-versions';
import type { DealSection, Redline, SectionVersion } from '../types';

type VersionsDialogProps = {
  dealId: string;
  section: DealSection;
  heading: string;
  onClose: () => void;
};

/**
 * A section's versions in order and the redline between two of them (by default the previous
 * and the current one): insertions underlined in green, deletions struck through in red.
 */
export function VersionsDialog({ dealId, section, heading, onClose }: VersionsDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const versions = useVersions(dealId, section.id, true);
  const list = versions.data?.versions ?? [];
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const fromId = from ?? list.at(-2)?.contentId ?? list.at(-1)?.contentId ?? '';
  const toId = to ?? list.at(-1)?.contentId ?? '';
  const redline = useRedline(dealId, section.id, fromId, toId);

  const label = (version: SectionVersion) => t('deals.versions.version', { index: version.index });
  const select = (name: string, value: string, onChange: (id: string) => void) => (
    <TextField
      select
      size="small"
      label={name}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 180 }}
    >
      {list.map((version) => (
        <MenuItem key={version.contentId} value={version.contentId}>
          {label(version)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t('deals.versions.title', { title: heading })}</DialogTitle>
      <DialogContent>
        {versions.isPending ? (
          <Skeleton variant="rounded" height={160} />
        ) : versions.isError ? (
          <ErrorAlert error={versions.error} />
        ) : (
          <Stack spacing={2}>
            <List dense aria-label={t('deals.section.versions')}>
              {list.map((version) => (
                <ListItem key={version.contentId} disableGutters>
                  <ListItemText
                    primary={
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <span>{label(version)}</span>
                        {version.isCurrent && (
                          <Chip size="small" color="primary" label={t('deals.versions.current')} />
                        )}
                      </Stack>
                    }
                    secondary={
                      version.party
                        ? t('deals.versions.by', {
                            party: t(`deals.party.${version.party}`),
                            name: version.userName ?? '',
                            time: version.time ? formatDateTime(version.time) : '',
                          })
                        : undefined
                    }
                  />
                </ListItem>
              ))}
            </List>
            {list.length > 1 && (
              <Stack direction="row" spacing={2}>
                {select(t('deals.versions.from'), fromId, setFrom)}
                {select(t('deals.versions.to'), toId, setTo)}
              </Stack>
            )}
            <Box component="section" aria-label={t('deals.versions.changes')}>
              <Typography variant="subtitle2" component="h3" gutterBottom>
                {t('deals.versions.changes')}
              </Typography>
              {redline.isError ? (
                <ErrorAlert error={redline.error} />
              ) : redline.data ? (
                <Box
                  data-testid="redline"
                  sx={[
                    richTextSx,
                    {
                      whiteSpace: 'normal',
                      '& ins': {
                        bgcolor: 'success.light',
                        color: 'success.contrastText',
                        textDecoration: 'underline',
                      },
                      '& del': { bgcolor: 'error.light', color: 'error.contrastText' },
                    },
                  ]}
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server builds the redline from escaped text; only <ins>, <del> and <br> are markup.
                  dangerouslySetInnerHTML={{
                    __html: redlineBody(redline.data, t('deals.versions.sectionTitle')),
                  }}
                />
              ) : (
                <Skeleton variant="rounded" height={80} />
              )}
              {redline.data && fromId === toId && (
                <Typography variant="body2" color="text.secondary">
                  {t('deals.versions.noChanges')}
                </Typography>
              )}
            </Box>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The body's redline, after the title's when the versions have different titles. */
function redlineBody(redline: Redline, titleLabel: string): string {
  if (!redline.titleHtml) return redline.html;
  return `<p><strong>${escapeHtml(titleLabel)}:</strong> ${redline.titleHtml}</p>${redline.html}`;
}
