import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { ErrorAlert } from '../../../ui/error-alert';

type CommentComposerProps = {
  label: string;
  submitLabel: string;
  /** Resolves when the comment is stored; the field then empties. */
  onSubmit: (content: string) => Promise<unknown>;
  /** A second way to submit, e.g. 'Reply and resolve'. */
  secondary?: { label: string; onSubmit: (content: string) => Promise<unknown> };
  initialValue?: string;
  onCancel?: () => void;
  autoFocus?: boolean;
  extra?: ReactNode;
};

/**
 * A comment's text field with its buttons. Empty text cannot be posted (spec 2 §5); clearing
 * typed text asks first ('Undo & clear comment text').
 */
export function CommentComposer({
  label,
  submitLabel,
  onSubmit,
  secondary,
  initialValue = '',
  onCancel,
  autoFocus,
}: CommentComposerProps) {
  const { t } = useTranslation();
  const [content, setContent] = useState(initialValue);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [isClearing, setIsClearing] = useState(false);
  const isEmpty = content.trim().length === 0;

  const run = async (submit: (content: string) => Promise<unknown>) => {
    if (isEmpty || isBusy) return;
    setIsBusy(true);
    setError(undefined);
    try {
      await submit(content.trim());
      setContent('');
    } catch (caught) {
      setError(caught);
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Stack spacing={1}>
      <TextField
        label={label}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        multiline
        minRows={2}
        size="small"
        autoFocus={autoFocus}
        slotProps={{ htmlInput: { maxLength: 10_000 } }}
        fullWidth
      />
      <ErrorAlert error={error} />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {onCancel ? (
          <Button size="small" onClick={onCancel} disabled={isBusy}>
            {t('common.cancel')}
          </Button>
        ) : (
          !isEmpty && (
            <Button size="small" onClick={() => setIsClearing(true)} disabled={isBusy}>
              {t('comments.clear')}
            </Button>
          )
        )}
        {secondary && (
          <Button
            size="small"
            variant="outlined"
            disabled={isEmpty || isBusy}
            onClick={() => run(secondary.onSubmit)}
          >
            {secondary.label}
          </Button>
        )}
        <Button
          size="small"
          variant="contained"
          disabled={isEmpty}
          loading={isBusy}
          onClick={() => run(onSubmit)}
        >
          {submitLabel}
        </Button>
      </Stack>
      <ConfirmDialog
        isOpen={isClearing}
        title={t('comments.clearConfirm')}
        confirmLabel={t('comments.clearButton')}
        onCancel={() => setIsClearing(false)}
        onConfirm={() => {
          setContent('');
          setIsClearing(false);
        }}
      />
    </Stack>
  );
}
