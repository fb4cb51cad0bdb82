import EditOutlined from '@mui/icons-material/EditOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Star from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { INBOX_ID } from '@pactum/core/archive';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime, formatFileSize } from '../../../ui/format';
import { useLang } from '../../../ui/use-lang';
import { archiveFilePath, archivePath } from '../archive-paths';
import type { ArchiveItem } from '../types';

type ItemTableProps = {
  /** The table's name for screen readers (the folder's). */
  label: string;
  items: readonly ArchiveItem[];
  /** The Inbox's counts: at the root it is the first, starred folder (spec 1 §2). */
  inbox?: { files: number; filing: number };
  /** Opens a file's document info dialog. */
  onEditFile: (file: ArchiveItem) => void;
};

/** A folder's contents: subfolders, then files, as the API sorts them (by name). */
export function ItemTable({ label, items, inbox, onEditFile }: ItemTableProps) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Card variant="outlined">
      <Box sx={{ overflowX: 'auto' }}>
        <Table aria-label={label} size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('archive.table.name')}</TableCell>
              <TableCell>{t('archive.table.tags')}</TableCell>
              <TableCell>{t('archive.table.added')}</TableCell>
              <TableCell>{t('archive.table.size')}</TableCell>
              <TableCell align="right">{t('archive.table.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {inbox && (
              <TableRow hover>
                <TableCell>
                  <NameLink
                    to={archivePath(INBOX_ID)}
                    icon={<Star fontSize="small" sx={{ color: 'warning.main' }} />}
                    name={t('archive.inbox')}
                  />
                </TableCell>
                {/* Its counts stand in the Size column, where a folder says 'Folder'. */}
                <TableCell />
                <TableCell />
                <TableCell>
                  {[
                    t('archive.inboxSummary', { count: inbox.files }),
                    ...(inbox.filing > 0
                      ? [t('archive.inboxFiling', { count: inbox.filing })]
                      : []),
                  ].join(' · ')}
                </TableCell>
                <TableCell />
              </TableRow>
            )}
            {items.map((item) => (
              <TableRow key={item.id} hover>
                <TableCell sx={{ maxWidth: 480 }}>
                  {item.type === 'folder' ? (
                    <NameLink
                      to={archivePath(item.id)}
                      icon={<FolderOutlined fontSize="small" color="action" />}
                      name={item.name}
                    />
                  ) : (
                    <NameLink
                      to={archiveFilePath(item)}
                      icon={<PictureAsPdfOutlined fontSize="small" color="error" />}
                      name={item.name}
                    />
                  )}
                </TableCell>
                <TableCell>
                  <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
                    {item.tags.map((tag) => (
                      <Chip key={tag.id} size="small" label={tag.tag} />
                    ))}
                  </Stack>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(item.uploadedAt ?? item.createdAt)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {item.type === 'folder'
                    ? t('archive.table.folder')
                    : item.size !== null
                      ? formatFileSize(item.size, lang)
                      : ''}
                </TableCell>
                <TableCell align="right">
                  {item.type === 'file' && (
                    <Tooltip title={t('archive.viewer.edit')}>
                      <IconButton
                        size="small"
                        aria-label={t('archive.table.editFile', { name: item.name })}
                        onClick={() => onEditFile(item)}
                      >
                        <EditOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Card>
  );
}

function NameLink({ to, icon, name }: { to: string; icon: ReactNode; name: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      {icon}
      <Link component={RouterLink} to={to} sx={{ overflowWrap: 'anywhere' }}>
        {name}
      </Link>
    </Stack>
  );
}
