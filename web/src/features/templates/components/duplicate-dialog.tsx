import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { copyTitle, templateMessages, updateTemplateSchema } from '@pactum/core/templates';
import { type Lang, translateMessage } from '@pactum/core/validation';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { errorText } from '../../../app/error-text';
import { ErrorAlert } from '../../../ui/error-alert';
import { FormTextField } from '../../../ui/form-text-field';
import { SubmitButton } from '../../../ui/submit-button';
import { toast } from '../../../ui/toast-store';
import { useLang } from '../../../ui/use-lang';
import { useDuplicateTemplate } from '../api/duplicate-template';
import type { TemplateDetail } from '../api/get-template';
import { templateEditPath } from '../template-paths';

type DuplicateDialogProps = { template: TemplateDetail; onClose: () => void };

/** The copy's name by the template title's rule (required, at most 250 characters). */
const duplicateFormSchema = z.object({ title: updateTemplateSchema.shape.title.unwrap() });

/** A message of the title's rule in the user's language. */
function titleErrorText(message: string, lang: Lang): string {
  if (message === templateMessages.en.titleEmpty) return templateMessages[lang].titleEmpty;
  return translateMessage(message, lang);
}

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
  // Checked as typed: the button waits for a valid name.
  const form = useForm({
    resolver: zodResolver(duplicateFormSchema),
    mode: 'onChange',
    defaultValues: { title: copyTitle(template.title) },
  });
  const hasError = Boolean(form.formState.errors.title);

  const onSubmit = form.handleSubmit(({ title }) => {
    if (duplicate.isPending) return;
    duplicate.mutate(title, {
      onSuccess: (copy) => {
        toast.success(t('templates.duplicate.done', { title: copy.title }));
        onClose();
        navigate(templateEditPath(copy.id));
      },
    });
  });

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
            <FormTextField
              control={form.control}
              name="title"
              label={t('templates.duplicate.name')}
              formatError={(message) => titleErrorText(message, lang)}
              autoFocus
            />
            <ErrorAlert error={duplicate.error} describe={(failure) => errorText(failure, lang)} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <SubmitButton isPending={duplicate.isPending} disabled={hasError}>
            {t('templates.duplicate.submit')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
