import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import AttachFile from '@mui/icons-material/AttachFile';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DocumentCollection } from '@pactum/core/documents';
import { isPdfName } from '@pactum/core/files';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { ErrorAlert } from '../../../ui/error-alert';
import { formatFileSize } from '../../../ui/format';
import { SettingsCard } from '../../../ui/settings-card';
import { toast } from '../../../ui/toast-store';
import { UploadProgressRow } from '../../../ui/upload-progress-row';
import { useLang } from '../../../ui/use-lang';
import { useFileUpload } from '../../../ui/use-resumable-upload';
import { useAddAttachment } from '../api/add-attachment';
import { type Attachment, attachmentFileUrl, useAttachments } from '../api/list-attachments';
import { useMoveAttachment } from '../api/move-attachment';
import { useRemoveAttachment } from '../api/remove-attachment';

type AttachmentsCardProps = {
  collection: DocumentCollection;
  documentId: string;
  /** Edit access: add, remove and reorder. Without it the list only reads and downloads. */
  canEdit: boolean;
};

/**
 * The PDF attachments of a template, draft or deal (spec 2 §4.6): 'A n' in order with
 * download, and for editors an upload with progress, pause, resume and cancel, removal with a
 * confirmation and moving up and down. A file that is not a .pdf or is too large is stopped
 * here with the spec's notice before anything is sent; the server checks again.
 */
export function AttachmentsCard({ collection, documentId, canEdit }: AttachmentsCardProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const attachments = useAttachments(collection, documentId);
  const add = useAddAttachment(collection, documentId);
  const remove = useRemoveAttachment(collection, documentId);
  const move = useMoveAttachment(collection, documentId);
  const input = useRef<HTMLInputElement>(null);
  const { upload, isUploading, notice, setNotice, failure, setFailure, onFile } = useFileUpload({
    purpose: 'attachment',
    isAccepted: isPdfName,
    wrongTypeNotice: t('attachments.pdfOnly'),
    onUploaded: async (uploadId) => {
      const attachment = await add.mutateAsync(uploadId);
      toast.success(t('attachments.added', { name: attachment.name }));
      upload.clear();
    },
  });
  const [removing, setRemoving] = useState<Attachment>();
  const list = attachments.data?.attachments ?? [];

  const onRemove = () => {
    const attachment = removing;
    setRemoving(undefined);
    if (!attachment) return;
    remove.mutate(attachment.id, {
      onSuccess: () => toast.success(t('attachments.removed', { name: attachment.name })),
      onError: (error) => setFailure(error),
    });
  };

  return (
    <SettingsCard
      title={t('attachments.title')}
      actions={
        canEdit && (
          <>
            <input
              ref={input}
              type="file"
              accept="application/pdf,.pdf"
              hidden
              aria-label={t('attachments.file')}
              onChange={onFile}
            />
            <Button
              variant="outlined"
              startIcon={<AttachFile />}
              disabled={isUploading || add.isPending}
              onClick={() => input.current?.click()}
            >
              {t('attachments.add')}
            </Button>
          </>
        )
      }
    >
      {notice && (
        <Alert severity="warning" onClose={() => setNotice(undefined)}>
          {notice}
        </Alert>
      )}
      <ErrorAlert error={failure} onClose={() => setFailure(undefined)} />
      <ErrorAlert error={attachments.error} />
      {list.some((attachment) => !attachment.isPdf) && (
        <Alert severity="info">{t('attachments.pdfOnly')}</Alert>
      )}
      {list.length === 0 && !attachments.isPending && (
        <Typography color="text.secondary">{t('attachments.empty')}</Typography>
      )}
      {list.length > 0 && (
        <List dense disablePadding aria-label={t('attachments.title')}>
          {list.map((attachment, index) => (
            <ListItem
              key={attachment.id}
              disableGutters
              secondaryAction={
                <Stack direction="row">
                  <IconButton
                    component="a"
                    href={attachmentFileUrl(attachment.id)}
                    download={attachment.name}
                    aria-label={t('attachments.download', { name: attachment.name })}
                  >
                    <Download />
                  </IconButton>
                  {canEdit && (
                    <>
                      <IconButton
                        disabled={index === 0 || move.isPending}
                        aria-label={t('attachments.moveUp', { name: attachment.name })}
                        onClick={() =>
                          move.mutate({ attachmentId: attachment.id, position: index })
                        }
                      >
                        <ArrowUpward />
                      </IconButton>
                      <IconButton
                        disabled={index === list.length - 1 || move.isPending}
                        aria-label={t('attachments.moveDown', { name: attachment.name })}
                        onClick={() =>
                          move.mutate({ attachmentId: attachment.id, position: index + 2 })
                        }
                      >
                        <ArrowDownward />
                      </IconButton>
                      <IconButton
                        aria-label={t('attachments.remove', { name: attachment.name })}
                        onClick={() => setRemoving(attachment)}
                      >
                        <DeleteOutline />
                      </IconButton>
                    </>
                  )}
                </Stack>
              }
              sx={{ pr: canEdit ? 24 : 8 }}
            >
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Chip size="small" label={t('attachments.label', { n: attachment.position })} />
                    <span>{attachment.name}</span>
                  </Stack>
                }
                secondary={formatFileSize(attachment.size, lang)}
              />
            </ListItem>
          ))}
        </List>
      )}
      {upload.progress && isUploading && (
        <UploadProgressRow
          progress={upload.progress}
          onPause={upload.pause}
          onResume={upload.resume}
          onCancel={upload.cancel}
        />
      )}
      <ConfirmDialog
        isOpen={Boolean(removing)}
        title={t('attachments.removeTitle')}
        text={t('attachments.removeText', { name: removing?.name ?? '' })}
        confirmLabel={t('common.remove')}
        onConfirm={onRemove}
        onCancel={() => setRemoving(undefined)}
      />
    </SettingsCard>
  );
}
