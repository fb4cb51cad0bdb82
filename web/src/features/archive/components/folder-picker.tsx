import ArrowUpward from '@mui/icons-material/ArrowUpward';
import ChevronRight from '@mui/icons-material/ChevronRight';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ARCHIVE_MAX_PAGE_SIZE } from '@pactum/core/archive';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../ui/error-alert';
import { archiveKeys } from '../api/archive-keys';
import { getArchiveRoot } from '../api/get-root';
import { listFolderItems } from '../api/list-folder-items';

/** A folder on the way from the root, as the breadcrumbs name it. */
export type FolderCrumb = { id: string; name: string };

type FolderPickerProps = {
  /** The chosen folder with the folders above it (root first); empty: none chosen. */
  value: readonly FolderCrumb[];
  onChange: (path: FolderCrumb[]) => void;
  /** A folder that cannot be chosen or entered (the folder being moved). */
  excludedId?: string;
};

/**
 * Browses the archive's folders to choose one (the document info dialog's target folder): the
 * folder open here is the one chosen; its subfolders are listed to go into, 'Up' goes back.
 */
export function FolderPicker({ value, onChange, excludedId }: FolderPickerProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const current = value.at(-1);
  // The first 500 folders of a level: a folder lists its subfolders before its files.
  const folders = useQuery({
    queryKey: [...archiveKeys.all, 'picker', current?.id ?? 'root'],
    queryFn: async () => {
      const page = current
        ? await listFolderItems(current.id, 1, ARCHIVE_MAX_PAGE_SIZE)
        : await getArchiveRoot(1);
      return page.items.filter((item) => item.type === 'folder' && item.id !== excludedId);
    },
  });
  const parent = value.at(-2);
  return (
    <Stack spacing={1}>
      <Typography id={labelId} variant="subtitle2">
        {t('archive.fileDialog.folder')}
      </Typography>
      {current ? (
        <Alert severity="success" icon={<FolderOutlined fontSize="inherit" />}>
          {t('archive.fileDialog.chosen', {
            path: [t('archive.title'), ...value.map((crumb) => crumb.name)].join(' / '),
          })}
        </Alert>
      ) : (
        <Alert severity="info">{t('archive.fileDialog.chooseFolder')}</Alert>
      )}
      {current && (
        <Box>
          <Button
            size="small"
            startIcon={<ArrowUpward />}
            onClick={() => onChange(value.slice(0, -1))}
          >
            {t('archive.picker.up', { name: parent?.name ?? t('archive.title') })}
          </Button>
        </Box>
      )}
      {folders.isError ? (
        <ErrorAlert error={folders.error} />
      ) : folders.isPending ? (
        <Skeleton variant="rounded" height={96} />
      ) : folders.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('archive.picker.empty')}
        </Typography>
      ) : (
        <List
          dense
          aria-labelledby={labelId}
          sx={{
            maxHeight: 240,
            overflowY: 'auto',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        >
          {folders.data.map((folder) => (
            <ListItemButton
              key={folder.id}
              onClick={() => onChange([...value, { id: folder.id, name: folder.name }])}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <FolderOutlined fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={folder.name} />
              <ChevronRight fontSize="small" color="action" />
            </ListItemButton>
          ))}
        </List>
      )}
    </Stack>
  );
}
