import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SupportContact } from '../../support';

/** The spec's width of the terms and privacy dialogs (1 §2). */
const LEGAL_DIALOG_MAX_WIDTH = 1024;
const SECTIONS = ['s1', 's2', 's3', 's4', 's5', 's6'] as const;
/** The privacy policy's section on the user's rights: how to reach support follows it. */
const PRIVACY_RIGHTS_SECTION = 's6';

export type LegalDocument = 'terms' | 'privacy';

type LegalDialogProps = {
  document: LegalDocument | undefined;
  onClose: () => void;
};

/** The terms of service or the privacy policy, read during registration. */
export function LegalDialog({ document, onClose }: LegalDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={Boolean(document)}
      onClose={onClose}
      scroll="paper"
      fullWidth
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { maxWidth: LEGAL_DIALOG_MAX_WIDTH } } }}
    >
      {document && (
        <>
          <DialogTitle id={titleId}>{t(`legal.${document}.title`)}</DialogTitle>
          <DialogContent dividers>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('legal.updated')}
            </Typography>
            {SECTIONS.map((section) => (
              <section key={section}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 2 }}>
                  {t(`legal.${document}.${section}Title`)}
                </Typography>
                <Typography sx={{ mt: 0.5 }}>{t(`legal.${document}.${section}Text`)}</Typography>
                {document === 'privacy' && section === PRIVACY_RIGHTS_SECTION && (
                  <SupportContact lead={t('support.privacyRights')} />
                )}
              </section>
            ))}
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              {t('common.close')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
