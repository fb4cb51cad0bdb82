import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ABSTRACT_MAX } from '@pactum/core/templates';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/error-text';
import { toast } from '../../../ui/toast-store';
import { useLang } from '../../../ui/use-lang';
import type { TemplateDetail } from '../api/get-template';
import { type TemplatePatch, useUpdateTemplate } from '../api/update-template';
import { useTemplateLabels } from '../use-template-labels';
import { CategoryField, LanguageField, RegionField } from './template-fields';

type DetailsCardProps = { template: TemplateDetail; canEdit: boolean };

/**
 * The template's abstract, category, language and region. An editor changes them in place: the
 * abstract is saved when the field is left, a selector at once.
 */
export function DetailsCard({ template, canEdit }: DetailsCardProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const labels = useTemplateLabels();
  const update = useUpdateTemplate(template.id);
  const [abstract, setAbstract] = useState(template.abstract);
  useEffect(() => setAbstract(template.abstract), [template.abstract]);

  const save = (patch: TemplatePatch) =>
    update.mutate(patch, { onError: (error) => toast.error(errorText(error, lang)) });

  if (!canEdit) {
    const chips = labels.chips(template);
    return (
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
          <Stack spacing={1.5}>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
              {template.partner && <Chip size="small" color="primary" label={template.partner} />}
              {chips.map((label) => (
                <Chip key={label} size="small" label={label} />
              ))}
            </Stack>
            {template.abstract && (
              <Typography color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
                {template.abstract}
              </Typography>
            )}
          </Stack>
        </CardContent>
      </Card>
    );
  }

  const isTooLong = abstract.length > ABSTRACT_MAX;
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Grid container spacing={2}>
          <Grid size={12}>
            <TextField
              fullWidth
              multiline
              minRows={2}
              label={t('templates.fields.abstract')}
              value={abstract}
              onChange={(event) => setAbstract(event.target.value)}
              onBlur={() => {
                if (!isTooLong && abstract.trim() !== template.abstract) {
                  save({ abstract: abstract.trim() });
                }
              }}
              error={isTooLong}
              helperText={isTooLong ? t('sections.tooLong', { n: ABSTRACT_MAX }) : undefined}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <CategoryField
              size="small"
              value={template.category ?? ''}
              onChange={(category) => save({ category: category as TemplatePatch['category'] })}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <LanguageField
              size="small"
              value={template.language ?? ''}
              onChange={(language) => save({ language })}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <RegionField
              size="small"
              value={template.region ?? ''}
              onChange={(region) => {
                if (region) save({ region });
              }}
            />
          </Grid>
        </Grid>
      </CardContent>
    </Card>
  );
}
