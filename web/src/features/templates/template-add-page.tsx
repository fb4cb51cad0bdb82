import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { createTemplateSchema } from '@pactum/core/templates';
import { translateMessage } from '@pactum/core/validation';
import { useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ErrorAlert } from '../../ui/error-alert';
import { FormTextField } from '../../ui/form-text-field';
import { PageHeader } from '../../ui/page-header';
import { SubmitButton } from '../../ui/submit-button';
import { toast } from '../../ui/toast-store';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useLang } from '../../ui/use-lang';
import { useCreateTemplate } from './api/create-template';
import { CategoryField, LanguageField, RegionField } from './components/template-fields';
import { templateEditPath, templateListPath } from './template-paths';

/** The form's three choices, side by side, each with its own field. */
const choiceFields = [
  ['category', CategoryField],
  ['language', LanguageField],
  ['region', RegionField],
] as const;

/**
 * `templates/add` (template-add): a blank template from its name, abstract, category, language
 * and region. Create template is enabled once the form is valid; a second click while the first
 * is under way does nothing. The new template opens in the editor.
 */
export function TemplateAddPage() {
  const { t } = useTranslation();
  const lang = useLang();
  useDocumentTitle(t('templates.add.title'));
  const navigate = useNavigate();
  const create = useCreateTemplate();
  const isSubmitting = useRef(false);
  const form = useForm({
    resolver: zodResolver(createTemplateSchema),
    mode: 'onChange',
    defaultValues: { title: '', abstract: '', category: undefined, language: lang, region: '' },
  });
  const { isValid } = form.formState;
  const message = (text: string | undefined) => (text ? translateMessage(text, lang) : undefined);

  const onSubmit = form.handleSubmit((body) => {
    if (isSubmitting.current) return;
    isSubmitting.current = true;
    create.mutate(body, {
      onSuccess: (template) => {
        toast.success(t('templates.add.created', { title: template.title }));
        navigate(templateEditPath(template.id));
      },
      onSettled: () => {
        isSubmitting.current = false;
      },
    });
  });

  return (
    <Stack spacing={3} sx={{ maxWidth: 860 }}>
      <PageHeader title={t('templates.add.title')} />
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <form noValidate onSubmit={onSubmit}>
            <Grid container spacing={2}>
              <Grid size={12}>
                <FormTextField
                  control={form.control}
                  name="title"
                  label={t('templates.fields.name')}
                  required
                  autoFocus
                />
              </Grid>
              <Grid size={12}>
                <FormTextField
                  control={form.control}
                  name="abstract"
                  label={t('templates.fields.abstract')}
                  helperText={t('templates.fields.abstractHelp')}
                  multiline
                  minRows={3}
                />
              </Grid>
              {choiceFields.map(([name, Field]) => (
                <Grid key={name} size={{ xs: 12, sm: 4 }}>
                  <Controller
                    control={form.control}
                    name={name}
                    render={({ field, fieldState }) => (
                      <Field
                        value={field.value ?? ''}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        error={message(fieldState.error?.message)}
                        required
                      />
                    )}
                  />
                </Grid>
              ))}
              <Grid size={12}>
                <ErrorAlert error={create.error} />
              </Grid>
            </Grid>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 3 }}>
              <Button component={RouterLink} to={templateListPath('all')}>
                {t('common.cancel')}
              </Button>
              <SubmitButton isPending={create.isPending} disabled={!isValid}>
                {t('templates.add.submit')}
              </SubmitButton>
            </Stack>
          </form>
        </CardContent>
      </Card>
    </Stack>
  );
}
