import ArrowBack from '@mui/icons-material/ArrowBack';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isDocxName } from '@pactum/core/files';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorText } from '../../app/error-text';
import { PageHeader } from '../../ui/page-header';
import { SettingsCard } from '../../ui/settings-card';
import { UploadProgressRow } from '../../ui/upload-progress-row';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useLang } from '../../ui/use-lang';
import { useFileUpload } from '../../ui/use-resumable-upload';
import { useCreateImport } from './api/create-import';
import { EXAMPLE_DOCX_URL, importWizardPath, TEMPLATES_PATH } from './import-paths';

/**
 * templates/import: the Word import's entry (spec 2 §4.3). The .docx goes up through the
 * resumable upload (pause, resume, cancel); when it is complete the import is created and
 * the wizard opens on it.
 */
export function ImportUploadPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  useDocumentTitle(t('imports.uploadTitle'));
  const createImport = useCreateImport();
  const input = useRef<HTMLInputElement>(null);
  const { upload, isUploading, notice, failure, onFile } = useFileUpload({
    purpose: 'import',
    isAccepted: isDocxName,
    wrongTypeNotice: t('imports.docxOnly'),
    onUploaded: async (uploadId) => {
      const created = await createImport.mutateAsync(uploadId);
      navigate(importWizardPath(created.id));
    },
  });
  const isBusy = isUploading || createImport.isPending;

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <PageHeader
        title={t('imports.uploadTitle')}
        actions={
          <Button component={RouterLink} to={TEMPLATES_PATH} startIcon={<ArrowBack />}>
            {t('imports.backToTemplates')}
          </Button>
        }
      />
      <SettingsCard title={t('imports.uploadCard')} description={t('imports.uploadText')}>
        <Typography variant="body2">
          {t('imports.exampleIntro')}{' '}
          <Link href={EXAMPLE_DOCX_URL} download>
            {t('imports.example')}
          </Link>
        </Typography>
        {notice && <Alert severity="warning">{notice}</Alert>}
        {failure !== undefined && (
          <Alert severity="error" role="alert">
            {errorText(failure, lang)}
          </Alert>
        )}
        {upload.progress && isBusy && (
          <UploadProgressRow
            progress={upload.progress}
            onPause={upload.pause}
            onResume={upload.resume}
            onCancel={upload.cancel}
          />
        )}
        {createImport.isPending && (
          <Typography variant="body2" color="text.secondary">
            {t('imports.starting')}
          </Typography>
        )}
        <input
          ref={input}
          type="file"
          accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          hidden
          aria-label={t('imports.file')}
          onChange={onFile}
        />
        <div>
          <Button
            variant="contained"
            startIcon={<UploadFile />}
            disabled={isBusy}
            onClick={() => input.current?.click()}
          >
            {t('imports.choose')}
          </Button>
        </div>
      </SettingsCard>
    </Stack>
  );
}
