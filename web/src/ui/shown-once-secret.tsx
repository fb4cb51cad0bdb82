import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from './toast-store';

type ShownOnceSecretProps = {
  /** The field's label ('Token', 'Signing secret'). */
  label: string;
  value: string;
  /** Why to copy it now: it is not shown again. */
  warning: string;
  /** The toast after a copy. */
  copiedText: string;
};

/**
 * A secret the server shows once (an API token, a webhook's signing secret): the warning, the
 * value read-only (selected on focus) and a copy button. A browser that refuses the clipboard
 * says so, and the value can still be selected and copied by hand.
 */
export function ShownOnceSecret({ label, value, warning, copiedText }: ShownOnceSecretProps) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(copiedText);
    } catch {
      toast.error(t('common.copyFailed'));
    }
  };
  return (
    <>
      <Alert severity="warning">{warning}</Alert>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          label={label}
          value={value}
          fullWidth
          slotProps={{
            input: { readOnly: true, sx: { fontFamily: 'monospace' } },
            htmlInput: {
              onFocus: (event: FocusEvent<HTMLInputElement>) => event.target.select(),
            },
          }}
        />
        <Button variant="outlined" onClick={copy}>
          {t('common.copy')}
        </Button>
      </Stack>
    </>
  );
}
