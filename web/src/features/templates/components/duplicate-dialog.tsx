import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { copyTitle, SHORT_TEXT_MAX } from '@pactum/core/templates';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../app/error-text';
import { ErrorAlert } from '../../../ui/error-alert';
import { toast } from '../../../ui/toast-store';
import { useLang } from '../../../ui/use-lang';
import { useDuplicateTemplate } from '../api/duplicate-template';
import type { TemplateDetail } from '../api/get-template';
import { templateEditPath } from '../template-paths';

type DuplicateDialogProps = { template: TemplateDetail; onClose: () => void };

/**
 * Duplicate template: a personal copy with all sections, named 'Copy <date> - <title>' unless
 * the user writes another (short-text rule). The copy opens in the editor.
 */
export function DuplicateDialog({ template, onClose }: DuplicateDialogProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  const navigate = useNavigate();
  const duplicate = useDuplicateTemplate(template.id);
  const [title, setTitle] = useState(() => copyTitle(template.title));
  const trimmed = title.trim();
  const error = !trimmed
    ? t('templates.editor.titleEmpty')
    : trimmed.length > SHORT_TEXT_MAX
      ? t('sections.tooLong', { n: SHORT_TEXT_MAX })
      : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (error || duplicate.isPending) return;
    duplicate.mutate(trimmed, {
      onSuccess: (copy) => {
        toast.success(t('templates.duplicate.done', { title: copy.title }));
        onClose();
        navigate(templateEditPath(copy.id));
      },
    });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: 520 } } }}
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{t('templates.duplicate.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('templates.duplicate.text')}</DialogContentText>
            <TextField
              label={t('templates.duplicate.name')}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              error={Boolean(error)}
              helperText={error}
              autoFocus
              fullWidth
            />
            <ErrorAlert error={duplicate.error} describe={(failure) => errorText(failure, lang)} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            loading={duplicate.isPending}
            disabled={Boolean(error)}
          >
            {t('templates.duplicate.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
