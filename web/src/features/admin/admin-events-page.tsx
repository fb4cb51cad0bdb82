import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { adminEventKinds } from '@pactum/core/admin';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '../../ui/error-alert';
import { PageHeader } from '../../ui/page-header';
import { useDocumentTitle } from '../../ui/use-document-title';
import { adminDocumentPath, adminUserPath, adminWorkspacePath } from './admin-paths';
import { type AdminEvent, useAdminEvents } from './api/list-admin-events';
import { EventKindChip } from './components/admin-chips';
import { DateTimeText } from './components/date-time-text';
import { DayRangeFields } from './components/day-range-fields';
import { ListStatus } from './components/list-status';
import { ListTable } from './components/list-table';
import { EVENT_TYPE_MAX_LENGTH, isUuid, readEventFilters } from './list-params';
import { useListAddress } from './use-list-address';

/**
 * `/dashboard/admin/events`: the product's event log (sign-ins, document events, admin actions),
 * newest first, filtered by kind, type, user, document and days (in the address); 'Load more'
 * reads on from where the last page ended.
 */
export function AdminEventsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.events.title'));
  const [filters, update] = useListAddress(readEventFilters);
  const events = useAdminEvents(filters);
  const lines = events.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack spacing={2}>
      <PageHeader title={t('admin.events.title')} />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <TextField
          select
          size="small"
          label={t('admin.events.kind')}
          value={filters.kind ?? ''}
          onChange={(event) =>
            update({ kind: adminEventKinds.find((kind) => kind === event.target.value) })
          }
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">{t('admin.list.all')}</MenuItem>
          {adminEventKinds.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {t(`admin.events.kinds.${kind}`)}
            </MenuItem>
          ))}
        </TextField>
        <FilterField
          label={t('admin.events.type')}
          helperText={t('admin.events.typeHint')}
          value={filters.type}
          maxLength={EVENT_TYPE_MAX_LENGTH}
          onCommit={(type) => update({ type }, { replace: true })}
        />
        <DayRangeFields from={filters.from} to={filters.to} onChange={update} />
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <FilterField
          label={t('admin.events.userId')}
          value={filters.userId ?? ''}
          isId
          onCommit={(userId) => update({ userId: userId || undefined }, { replace: true })}
        />
        <FilterField
          label={t('admin.events.documentId')}
          value={filters.documentId ?? ''}
          isId
          onCommit={(documentId) =>
            update({ documentId: documentId || undefined }, { replace: true })
          }
        />
      </Stack>
      <ListStatus
        query={events}
        isEmpty={lines.length === 0}
        emptyText={t('admin.events.empty')}
        loadFailedText={t('admin.events.loadFailed')}
      >
        <ListTable
          label={t('admin.events.title')}
          minWidth={900}
          head={
            <>
              <TableCell>{t('admin.events.columns.time')}</TableCell>
              <TableCell>{t('admin.events.columns.kind')}</TableCell>
              <TableCell>{t('admin.events.columns.type')}</TableCell>
              <TableCell>{t('admin.events.columns.actor')}</TableCell>
              <TableCell>{t('admin.events.columns.target')}</TableCell>
              <TableCell>{t('admin.events.columns.reason')}</TableCell>
              <TableCell>{t('admin.events.columns.ip')}</TableCell>
            </>
          }
        >
          {lines.map((event) => (
            <EventLine key={`${event.kind}:${event.id}`} event={event} />
          ))}
        </ListTable>
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          {events.isFetchNextPageError && <ErrorAlert error={events.error} />}
          {events.hasNextPage ? (
            <Button
              variant="outlined"
              loading={events.isFetchingNextPage}
              onClick={() => events.fetchNextPage()}
            >
              {t('admin.events.loadMore')}
            </Button>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('admin.events.end')}
            </Typography>
          )}
        </Stack>
      </ListStatus>
    </Stack>
  );
}

type FilterFieldProps = {
  label: string;
  helperText?: string;
  value: string;
  maxLength?: number;
  /** An id field: only a whole id (or nothing) filters. */
  isId?: boolean;
  onCommit: (value: string) => void;
};

/** A text filter of the log: it filters when the field is left or Enter is pressed. */
function FilterField({
  label,
  helperText,
  value,
  maxLength,
  isId = false,
  onCommit,
}: FilterFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const trimmed = text.trim();
  const isInvalid = isId && trimmed !== '' && !isUuid(trimmed);
  const commit = () => {
    if (!isInvalid && trimmed !== value) onCommit(trimmed);
  };
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      error={isInvalid}
      helperText={isInvalid ? t('admin.events.notAnId') : helperText}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
          event.preventDefault();
          commit();
        }
      }}
      autoComplete="off"
      sx={{ width: isId ? 340 : 240 }}
      slotProps={{ htmlInput: { maxLength, spellCheck: false } }}
    />
  );
}

/** Where a target's admin page is, when it has one. */
function targetPath(target: NonNullable<AdminEvent['target']>): string | undefined {
  switch (target.kind) {
    case 'user':
      return adminUserPath(target.id);
    case 'deal':
    case 'draft':
      return adminDocumentPath(target.kind, target.id);
    case 'workspace':
      return adminWorkspacePath(target.id);
    default:
      return undefined;
  }
}

function EventLine({ event }: { event: AdminEvent }) {
  const { t } = useTranslation();
  const { target } = event;
  const path = target ? targetPath(target) : undefined;
  const targetLabel = target
    ? `${t(`admin.events.targets.${target.kind}`)}: ${target.label ?? target.id}`
    : '';
  return (
    <TableRow>
      <TableCell sx={{ minWidth: 90 }}>
        <DateTimeText value={event.createdAt} />
      </TableCell>
      <TableCell>
        <EventKindChip kind={event.kind} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <code>{event.type}</code>
      </TableCell>
      <TableCell sx={{ minWidth: 110 }}>
        {event.actor ? (
          <Link component={RouterLink} to={adminUserPath(event.actor.id)} title={event.actor.email}>
            {event.actor.name || event.actor.email}
          </Link>
        ) : (
          t('admin.events.system')
        )}
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        {!target ? (
          '–'
        ) : path ? (
          <Link component={RouterLink} to={path}>
            {targetLabel}
          </Link>
        ) : (
          targetLabel
        )}
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160, maxWidth: 320 }}>
        {event.reason ?? '–'}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{event.ipAddress ?? '–'}</TableCell>
    </TableRow>
  );
}
