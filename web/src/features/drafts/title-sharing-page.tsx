import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type DocumentVisibility, documentVisibilities } from '@pactum/core/documents';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../ui/error-alert';
import { PageHeader } from '../../ui/page-header';
import { draftPath } from '../documents';
import { SharingDialog } from '../sharing';
import { useUpdateDraft } from './api/update-draft';
import { useDraftOfPage } from './draft-page';
import { DRAFT_TITLE_SAVE_MS } from './draft-rules';
import { useDebouncedSave, useEditable } from './use-debounced-save';
import { useDraftText } from './use-draft-text';

const TITLE_MAX = 250;

/**
 * `draft/:draftId/title` (title-sharing): the draft's title, saved 1 s after typing stops,
 * and who shares it. Continue saves the title and opens the editor.
 */
export function TitleSharingPage() {
  const { t } = useTranslation();
  const text = useDraftText();
  const draft = useDraftOfPage();
  const navigate = useNavigate();
  const update = useUpdateDraft(draft.id);
  // The stored title until the user types (an autosave never writes a stale copy back).
  const [title, setTitle] = useEditable(draft.title);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [isSharingOpen, setIsSharingOpen] = useState(false);
  const visibilityLabelId = useId();
  const trimmed = title.trim();
  const titleError = !trimmed
    ? text('titleRequired')
    : trimmed.length > TITLE_MAX
      ? t('drafts.title.tooLong', { n: TITLE_MAX })
      : undefined;
  const save = useDebouncedSave(trimmed, draft.title, DRAFT_TITLE_SAVE_MS, (value) =>
    titleError ? Promise.resolve() : update.mutateAsync({ title: value }),
  );

  const onContinue = async () => {
    setIsSubmitted(true);
    if (titleError || !draft.canEdit) return;
    try {
      await save.flush();
      navigate(draftPath(draft.id, 'edit'));
    } catch {
      // The save's error is shown below.
    }
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <PageHeader
        title={t('drafts.title.heading')}
        actions={
          <Button
            variant="contained"
            onClick={onContinue}
            disabled={(save.isPending && !titleError) || update.isPending}
          >
            {t('drafts.title.continue')}
          </Button>
        }
      />
      {isSubmitted && titleError && (
        <Alert severity="error" role="alert">
          {t('drafts.completeRequired')}
        </Alert>
      )}
      <ErrorAlert error={save.error} />
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={3}>
            <TextField
              label={t('drafts.title.label')}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              required
              disabled={!draft.canEdit}
              error={(isSubmitted || title !== draft.title) && Boolean(titleError)}
              helperText={(isSubmitted || title !== draft.title) && titleError}
              fullWidth
            />
            <FormControl fullWidth disabled={!draft.canEdit}>
              <InputLabel id={visibilityLabelId}>{t('drafts.visibility.label')}</InputLabel>
              <Select
                labelId={visibilityLabelId}
                label={t('drafts.visibility.label')}
                value={draft.visibility}
                onChange={(event) =>
                  update.mutate({ visibility: event.target.value as DocumentVisibility })
                }
              >
                {documentVisibilities.map((visibility) => (
                  <MenuItem key={visibility} value={visibility}>
                    {t(`drafts.visibility.${visibility}`)}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          </Stack>
        </CardContent>
      </Card>
      <Card variant="outlined" component="section" aria-labelledby={`${visibilityLabelId}-sharing`}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography
              id={`${visibilityLabelId}-sharing`}
              variant="h6"
              component="h2"
              sx={{ fontWeight: 600 }}
            >
              {t('drafts.sharing.title')}
            </Typography>
            <Typography color="text.secondary">{t('drafts.sharing.text')}</Typography>
            <Button variant="outlined" onClick={() => setIsSharingOpen(true)}>
              {t('drafts.sharing.open')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <SharingDialog
        collection="drafts"
        documentId={draft.id}
        isOpen={isSharingOpen}
        onClose={() => setIsSharingOpen(false)}
      />
    </Stack>
  );
}
