import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ContentOption } from '@pactum/core/documents';
import {
  canAddContentOption,
  canRemoveContentOption,
  contentOptionLetter,
  MAX_CONTENT_OPTIONS,
} from '@pactum/core/templates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { LazyRichTextEditor } from './lazy-rich-text-editor';

type ContentOptionsEditorProps = {
  options: ContentOption[];
  defaultContentId: string;
  onChange: (options: ContentOption[], defaultContentId: string) => void;
  /** The section's title, for the editors' accessible names. */
  sectionTitle: string;
  /** Called for a new option's id (crypto.randomUUID in the browser). */
  newId?: () => string;
};

/**
 * The content options of a section being edited (spec 2 §4.2): each option's rich text, the
 * default choice, adding up to 26 options and removing any but the first after a confirmation.
 */
export function ContentOptionsEditor({
  options,
  defaultContentId,
  onChange,
  sectionTitle,
  newId = () => crypto.randomUUID(),
}: ContentOptionsEditorProps) {
  const { t } = useTranslation();
  const [removing, setRemoving] = useState<ContentOption>();
  const isSeveral = options.length > 1;

  const setHtml = (id: string, html: string) =>
    onChange(
      options.map((option) => (option.id === id ? { ...option, html } : option)),
      defaultContentId,
    );
  const add = () => {
    if (!canAddContentOption(options)) return;
    onChange([...options, { id: newId(), html: '' }], defaultContentId);
  };
  const remove = (id: string) => {
    if (!canRemoveContentOption(options, id)) return;
    const rest = options.filter((option) => option.id !== id);
    onChange(rest, defaultContentId === id ? (rest[0]?.id ?? '') : defaultContentId);
  };
  const removingIndex = removing ? options.findIndex((option) => option.id === removing.id) : -1;

  return (
    <Stack spacing={2}>
      {options.map((option, index) => {
        const letter = contentOptionLetter(index);
        const label = isSeveral
          ? t('sections.optionLabel', { title: sectionTitle, letter })
          : t('sections.contentLabel', { title: sectionTitle });
        return (
          <Box key={option.id}>
            {isSeveral && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
                <Typography variant="subtitle2" component="h4" sx={{ flexGrow: 1 }}>
                  {t('sections.option', { letter })}
                </Typography>
                <FormControlLabel
                  label={t('sections.defaultChoice')}
                  control={
                    <Radio
                      size="small"
                      checked={defaultContentId === option.id}
                      onChange={() => onChange(options, option.id)}
                      inputProps={{
                        'aria-label': t('sections.makeDefault', { letter }),
                      }}
                    />
                  }
                />
                {index > 0 && (
                  <Tooltip title={t('sections.removeOption', { letter })}>
                    <IconButton
                      size="small"
                      aria-label={t('sections.removeOption', { letter })}
                      onClick={() => setRemoving(option)}
                    >
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
              </Stack>
            )}
            <LazyRichTextEditor
              value={option.html}
              label={label}
              autoFocus={index === 0}
              onChange={(html) => setHtml(option.id, html)}
            />
          </Box>
        );
      })}
      <Box>
        <Tooltip
          title={
            canAddContentOption(options) ? '' : t('sections.maxOptions', { n: MAX_CONTENT_OPTIONS })
          }
        >
          <span>
            <Button
              size="small"
              startIcon={<Add />}
              onClick={add}
              disabled={!canAddContentOption(options)}
            >
              {t('sections.addOption')}
            </Button>
          </span>
        </Tooltip>
      </Box>
      <ConfirmDialog
        isOpen={removing !== undefined}
        title={t('sections.removeOptionTitle', { letter: contentOptionLetter(removingIndex) })}
        text={t('sections.removeOptionText')}
        confirmLabel={t('common.remove')}
        onCancel={() => setRemoving(undefined)}
        onConfirm={() => {
          if (removing) remove(removing.id);
          setRemoving(undefined);
        }}
      />
    </Stack>
  );
}
