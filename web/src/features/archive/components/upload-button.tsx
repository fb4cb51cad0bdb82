import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DroppedFile } from '../dropped-files';

type UploadButtonProps = {
  /** Takes the chosen files; without it the button is disabled (root, Inbox). */
  onFiles?: (files: DroppedFile[]) => void;
  /** Why it is disabled. */
  disabledNote?: string;
};

/** 'Upload files': several PDFs at once from the computer. */
export function UploadButton({ onFiles, disabledNote }: UploadButtonProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  if (!onFiles) {
    return (
      <Tooltip title={disabledNote ?? ''}>
        <span>
          <Button variant="outlined" startIcon={<UploadFileOutlined />} disabled>
            {t('archive.upload.button')}
          </Button>
        </span>
      </Tooltip>
    );
  }
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<UploadFileOutlined />}
        onClick={() => input.current?.click()}
      >
        {t('archive.upload.button')}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        accept="application/pdf,.pdf"
        hidden
        aria-label={t('archive.upload.button')}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0) onFiles(files.map((file) => ({ file, path: [] })));
        }}
      />
    </>
  );
}
