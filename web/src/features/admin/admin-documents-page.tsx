import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { adminDocumentKinds } from '@pactum/core/admin';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PageHeader } from '../../ui/page-header';
import { useDocumentTitle } from '../../ui/use-document-title';
import { adminDocumentPath } from './admin-paths';
import { type AdminDocumentRow, useAdminDocuments } from './api/list-admin-documents';
import { DocumentStateChip } from './components/admin-chips';
import { DateTimeText } from './components/date-time-text';
import { DayRangeFields } from './components/day-range-fields';
import { ListSearchField } from './components/list-search-field';
import { ListTable } from './components/list-table';
import { PagedList } from './components/paged-list';
import { adminDocumentStates, readDocumentListParams } from './list-params';
import { useListAddress } from './use-list-address';

/**
 * `/dashboard/admin/documents`: every deal and draft, newest change first, searched by title,
 * contract id, party, creator's e-mail or id and filtered by kind, state and creation days
 * (all in the address). A row opens the document's page.
 */
export function AdminDocumentsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.documents.title'));
  const [params, update] = useListAddress(readDocumentListParams);
  const documents = useAdminDocuments(params);
  const onSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const isFiltered = Boolean(params.q || params.kind || params.state || params.from || params.to);
  return (
    <Stack spacing={2}>
      <PageHeader title={t('admin.documents.title')} />
      <ListSearchField
        label={t('admin.documents.search')}
        helperText={t('admin.documents.searchHint')}
        value={params.q}
        onSearch={onSearch}
      />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <TextField
          select
          size="small"
          label={t('admin.documents.kind')}
          value={params.kind ?? ''}
          onChange={(event) =>
            update({ kind: adminDocumentKinds.find((kind) => kind === event.target.value) })
          }
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">{t('admin.list.all')}</MenuItem>
          {adminDocumentKinds.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {t(`admin.kinds.${kind}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('admin.documents.state')}
          value={params.state ?? ''}
          onChange={(event) =>
            update({ state: adminDocumentStates.find((state) => state === event.target.value) })
          }
          sx={{ minWidth: 170 }}
        >
          <MenuItem value="">{t('admin.list.all')}</MenuItem>
          {adminDocumentStates.map((state) => (
            <MenuItem key={state} value={state}>
              {t(`admin.states.${state}`)}
            </MenuItem>
          ))}
        </TextField>
        <DayRangeFields from={params.from} to={params.to} onChange={update} />
      </Stack>
      <PagedList
        query={documents}
        paging={params}
        onPage={update}
        emptyText={isFiltered ? t('admin.documents.noMatch') : t('admin.documents.empty')}
        loadFailedText={t('admin.documents.loadFailed')}
      >
        {(rows) => (
          <ListTable
            label={t('admin.documents.title')}
            minWidth={900}
            head={
              <>
                <TableCell sx={{ minWidth: 180 }}>{t('admin.documents.columns.title')}</TableCell>
                <TableCell>{t('admin.documents.columns.state')}</TableCell>
                <TableCell>{t('admin.documents.columns.parties')}</TableCell>
                <TableCell>{t('admin.documents.columns.workspace')}</TableCell>
                <TableCell sx={{ minWidth: 160 }}>{t('admin.documents.columns.creator')}</TableCell>
                <TableCell>{t('admin.documents.columns.created')}</TableCell>
                <TableCell>{t('admin.documents.columns.modified')}</TableCell>
              </>
            }
          >
            {rows.map((document) => (
              <DocumentRow key={`${document.kind}:${document.id}`} document={document} />
            ))}
          </ListTable>
        )}
      </PagedList>
    </Stack>
  );
}

function DocumentRow({ document }: { document: AdminDocumentRow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const path = adminDocumentPath(document.kind, document.id);
  const parties = [document.senderName, document.receiverName].filter(Boolean).join(' → ');
  return (
    <TableRow hover onClick={() => navigate(path)} sx={{ cursor: 'pointer' }}>
      <TableCell sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        <Link
          component={RouterLink}
          to={path}
          underline="hover"
          onClick={(event) => event.stopPropagation()}
        >
          {document.title || t('admin.documents.untitled')}
        </Link>
        {document.contractUid && (
          <Typography variant="caption" color="text.secondary" component="div">
            {document.contractUid}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <DocumentStateChip kind={document.kind} state={document.state} />
      </TableCell>
      <TableCell>{parties || '–'}</TableCell>
      <TableCell>{document.workspace?.title ?? '–'}</TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        {document.createdBy ? (
          <>
            {document.createdBy.name}
            <Typography variant="caption" color="text.secondary" component="div">
              {document.createdBy.email}
            </Typography>
          </>
        ) : (
          '–'
        )}
      </TableCell>
      <TableCell>
        <DateTimeText value={document.createdAt} />
      </TableCell>
      <TableCell>
        <DateTimeText value={document.modifiedAt} />
      </TableCell>
    </TableRow>
  );
}
