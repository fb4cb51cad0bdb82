import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { auditEventText } from '@pactum/core/document-events';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../ui/use-lang';
import type { SigningView } from '../api/get-signing';

/**
 * The deal's audit trail, oldest first, with whether its hash chain verifies. Each line names
 * the event in the user's language (core document-events, the texts the sealed PDF prints too),
 * the section it is about and who did it.
 */
export function AuditTrailList({ view }: { view: SigningView }) {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage, {
    dateStyle: 'medium',
    timeStyle: 'medium',
  });
  return (
    <>
      <Alert severity={view.isAuditChainValid ? 'success' : 'error'} sx={{ mb: 1 }}>
        {view.isAuditChainValid ? t('signing.audit.chainValid') : t('signing.audit.chainBroken')}
      </Alert>
      <List dense aria-label={t('signing.audit.title')}>
        {view.events.map((event) => (
          <ListItem key={event.id} disableGutters>
            <ListItemText
              primary={auditEventText(event, lang)}
              secondary={format.format(new Date(event.createdAt))}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}

export function AuditTrailDialog({ view, onClose }: { view: SigningView; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('signing.audit.title')}</DialogTitle>
      <DialogContent>
        <AuditTrailList view={view} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
