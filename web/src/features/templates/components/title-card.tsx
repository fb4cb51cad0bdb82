import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SHORT_TEXT_MAX } from '@pactum/core/templates';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/error-text';
import { toast } from '../../../ui/toast-store';
import { useLang } from '../../../ui/use-lang';
import type { TemplateDetail } from '../api/get-template';
import { useUpdateTemplate } from '../api/update-template';

/** The element id of the title card, for the table of contents. */
export const TITLE_ANCHOR_ID = 'template-title';

type TitleCardProps = { template: TemplateDetail; canEdit: boolean };

/**
 * The template's title. An editor changes it in place; it is saved when the field is left,
 * and an empty title is refused ('Title cannot be empty.').
 */
export function TitleCard({ template, canEdit }: TitleCardProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const update = useUpdateTemplate(template.id);
  const [title, setTitle] = useState(template.title);
  const [error, setError] = useState<string>();
  // Another editor's change arrives through the refetch.
  useEffect(() => setTitle(template.title), [template.title]);

  const save = () => {
    const next = title.trim();
    if (!next) {
      setError(t('templates.editor.titleEmpty'));
      return;
    }
    if (next.length > SHORT_TEXT_MAX) {
      setError(t('sections.tooLong', { n: SHORT_TEXT_MAX }));
      return;
    }
    setError(undefined);
    if (next === template.title) return;
    update.mutate({ title: next }, { onError: (failure) => toast.error(errorText(failure, lang)) });
  };

  return (
    <Card variant="outlined" id={TITLE_ANCHOR_ID} sx={{ scrollMarginTop: 96 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        {canEdit ? (
          <TextField
            fullWidth
            label={t('templates.editor.title')}
            value={title}
            onChange={(event) => {
              setTitle(event.target.value);
              if (event.target.value.trim()) setError(undefined);
              else setError(t('templates.editor.titleEmpty'));
            }}
            onBlur={save}
            onKeyDown={(event) => {
              if (event.key === 'Enter') (event.target as HTMLInputElement).blur();
            }}
            error={Boolean(error)}
            helperText={error}
            slotProps={{ htmlInput: { style: { fontSize: '1.5rem', fontWeight: 600 } } }}
          />
        ) : (
          <Typography
            variant="h5"
            component="h2"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {template.title}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
