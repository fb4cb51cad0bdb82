import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type DragEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DroppedFile, droppedFiles } from '../dropped-files';

type DropZoneProps = {
  /** Takes the dropped files; without it nothing can be dropped here (root, Inbox). */
  onFiles?: (files: DroppedFile[]) => void;
  children: ReactNode;
};

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * A folder's contents as a drop target for files and whole folder trees (spec 1 §2): while
 * something is dragged over it, it says where the files go.
 */
export function DropZone({ onFiles, children }: DropZoneProps) {
  const { t } = useTranslation();
  const [isOver, setIsOver] = useState(false);
  // dragenter and dragleave fire for every child crossed: count them.
  const depth = useRef(0);
  if (!onFiles) return <>{children}</>;

  const onDragEnter = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    depth.current += 1;
    setIsOver(true);
  };
  const onDragOver = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDragLeave = () => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setIsOver(false);
  };
  const onDrop = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    depth.current = 0;
    setIsOver(false);
    // The entries must be taken now: the browser empties the list after the event.
    void droppedFiles(event.dataTransfer.items).then(onFiles);
  };

  return (
    <Box
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      sx={{ position: 'relative', minHeight: 160 }}
    >
      {children}
      {isOver && (
        <Stack
          aria-hidden
          spacing={1}
          sx={{
            position: 'absolute',
            inset: 0,
            alignItems: 'center',
            justifyContent: 'center',
            border: 2,
            borderStyle: 'dashed',
            borderColor: 'primary.main',
            borderRadius: 1,
            bgcolor: 'rgba(255, 255, 255, 0.9)',
            pointerEvents: 'none',
          }}
        >
          <CloudUploadOutlined color="primary" fontSize="large" />
          <Typography variant="subtitle1">{t('archive.upload.drop')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('archive.upload.dropHint')}
          </Typography>
        </Stack>
      )}
    </Box>
  );
}
