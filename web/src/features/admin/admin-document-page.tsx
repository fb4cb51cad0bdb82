import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type AdminDocumentKind, adminDocumentKinds } from '@pactum/core/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { DetailList } from '../../ui/detail-list';
import { ErrorAlert } from '../../ui/error-alert';
import { formatDateTime } from '../../ui/format';
import { PageHeader } from '../../ui/page-header';
import { SettingsCard } from '../../ui/settings-card';
import { toast } from '../../ui/toast-store';
import { useDocumentTitle } from '../../ui/use-document-title';
import {
  ADMIN_DOCUMENTS_PATH,
  adminDocumentPath,
  adminEventsPath,
  adminWorkspacePath,
} from './admin-paths';
import { useCheckChain } from './api/check-chain';
import { type AdminDocumentDetail, useAdminDocument } from './api/get-admin-document';
import { useRestoreDeal } from './api/restore-deal';
import { DocumentStateChip } from './components/admin-chips';
import { CardTable } from './components/card-table';
import { DetailState } from './components/detail-state';
import { ReasonDialog } from './components/reason-dialog';
import { UserRefLink } from './components/user-ref-link';

/**
 * `/dashboard/admin/documents/:kind/:documentId`: a deal or draft for support: its parties,
 * who has access, the signers, the newest activity and the audit chain's last check; a trashed
 * deal can be restored to the state it had.
 */
export function AdminDocumentPage() {
  const { t } = useTranslation();
  const params = useParams();
  const kind = adminDocumentKinds.find((candidate) => candidate === params.kind);
  const documentId = params.documentId ?? '';
  if (!kind) {
    return <Alert severity="warning">{t('admin.document.notFound')}</Alert>;
  }
  return <DocumentLoader kind={kind} documentId={documentId} />;
}

function DocumentLoader({ kind, documentId }: { kind: AdminDocumentKind; documentId: string }) {
  const { t } = useTranslation();
  const document = useAdminDocument(kind, documentId);
  useDocumentTitle(document.data?.title || t('nav.adminDocument'));
  if (!document.isSuccess) {
    return (
      <DetailState
        query={document}
        notFoundText={t('admin.document.notFound')}
        loadFailedText={t('admin.document.loadFailed')}
        backTo={ADMIN_DOCUMENTS_PATH}
        backText={t('admin.document.backToList')}
      />
    );
  }
  return <DocumentView document={document.data} />;
}

function DocumentView({ document }: { document: AdminDocumentDetail }) {
  const { t } = useTranslation();
  const [isRestoring, setIsRestoring] = useState(false);
  const isTrashedDeal = document.kind === 'deal' && document.state === 'trash';
  return (
    <Stack spacing={3}>
      <PageHeader
        title={document.title || t('admin.documents.untitled')}
        subtitle={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <DocumentStateChip kind={document.kind} state={document.state} />
            {document.contractUid && (
              <Typography color="text.secondary">{document.contractUid}</Typography>
            )}
          </Stack>
        }
        actions={
          <Button component={RouterLink} to={adminEventsPath({ documentId: document.id })}>
            {t('admin.document.events')}
          </Button>
        }
      />
      {isTrashedDeal && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => setIsRestoring(true)}>
              {t('admin.document.restore')}
            </Button>
          }
        >
          {document.beforeTrashState
            ? t('admin.document.trashed', {
                state: t(`admin.states.${document.beforeTrashState}`),
              })
            : t('admin.document.trashedUnknown')}
        </Alert>
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <SummaryCard document={document} />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          {document.kind === 'deal' ? (
            <ChainCheckCard document={document} />
          ) : (
            <SettingsCard title={t('admin.document.chain')}>
              <Typography color="text.secondary">{t('admin.document.chainDraft')}</Typography>
            </SettingsCard>
          )}
        </Grid>
      </Grid>
      <AccessCard document={document} />
      {document.kind === 'deal' && <SignersCard document={document} />}
      <ActivityCard document={document} />
      {isRestoring && <RestoreDialog document={document} onClose={() => setIsRestoring(false)} />}
    </Stack>
  );
}

function SummaryCard({ document }: { document: AdminDocumentDetail }) {
  const { t } = useTranslation();
  const linked = document.draftId
    ? adminDocumentPath(document.kind === 'deal' ? 'draft' : 'deal', document.draftId)
    : undefined;
  return (
    <SettingsCard title={t('admin.document.summary')}>
      <DetailList
        details={[
          { label: t('admin.document.sender'), value: document.senderName || '–' },
          { label: t('admin.document.receiver'), value: document.receiverName || '–' },
          { label: t('admin.document.process'), value: t(`admin.processes.${document.process}`) },
          {
            label: t('admin.documents.columns.workspace'),
            value: document.workspace ? (
              <Link component={RouterLink} to={adminWorkspacePath(document.workspace.id)}>
                {document.workspace.title}
              </Link>
            ) : (
              '–'
            ),
          },
          {
            label: t('admin.documents.columns.creator'),
            value: <UserRefLink user={document.createdBy} />,
          },
          {
            label: t('admin.documents.columns.created'),
            value: formatDateTime(document.createdAt),
          },
          {
            label: t('admin.documents.columns.modified'),
            value: formatDateTime(document.modifiedAt),
          },
          ...(document.signedAt
            ? [{ label: t('admin.document.signedAt'), value: formatDateTime(document.signedAt) }]
            : []),
          ...(linked
            ? [
                {
                  label:
                    document.kind === 'deal'
                      ? t('admin.document.fromDraft')
                      : t('admin.document.sentAs'),
                  value: (
                    <Link component={RouterLink} to={linked}>
                      {document.draftId}
                    </Link>
                  ),
                },
              ]
            : []),
          { label: t('admin.document.id'), value: document.id },
        ]}
      />
    </SettingsCard>
  );
}

function ChainCheckCard({ document }: { document: AdminDocumentDetail }) {
  const { t } = useTranslation();
  const check = useCheckChain(document.id);
  const { chainCheck } = document;
  const isQueued = chainCheck?.status === 'queued' || check.isPending;
  return (
    <SettingsCard
      title={t('admin.document.chain')}
      description={t('admin.document.chainHint')}
      actions={
        <Button
          variant="outlined"
          loading={isQueued}
          disabled={isQueued}
          onClick={() => check.mutate()}
        >
          {t('admin.document.checkChain')}
        </Button>
      }
    >
      <ErrorAlert error={check.error} />
      <div role="status">
        {!chainCheck ? (
          <Typography color="text.secondary">{t('admin.document.notChecked')}</Typography>
        ) : chainCheck.status === 'queued' ? (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <CircularProgress size={18} />
            <Typography>{t('admin.document.chainQueued')}</Typography>
          </Stack>
        ) : chainCheck.status === 'valid' ? (
          <Alert severity="success">
            {t('admin.document.chainValid', {
              count: chainCheck.count ?? 0,
              date: formatDateTime(chainCheck.checkedAt ?? chainCheck.requestedAt),
            })}
          </Alert>
        ) : (
          <Alert severity="error">
            {chainCheck.brokenSeq === null
              ? t('admin.document.chainBrokenEnd', {
                  date: formatDateTime(chainCheck.checkedAt ?? chainCheck.requestedAt),
                })
              : t('admin.document.chainBroken', {
                  seq: chainCheck.brokenSeq,
                  date: formatDateTime(chainCheck.checkedAt ?? chainCheck.requestedAt),
                })}
            {chainCheck.brokenReason && ` ${chainCheck.brokenReason}`}
          </Alert>
        )}
      </div>
    </SettingsCard>
  );
}

function AccessCard({ document }: { document: AdminDocumentDetail }) {
  const { t } = useTranslation();
  return (
    <CardTable
      title={t('admin.document.access')}
      isEmpty={document.access.length === 0}
      emptyText={t('admin.document.noAccess')}
      minWidth={560}
      head={
        <>
          <TableCell>{t('admin.document.who')}</TableCell>
          <TableCell>{t('admin.user.role')}</TableCell>
          <TableCell>{t('admin.document.party')}</TableCell>
        </>
      }
    >
      {document.access.map((row) => (
        <TableRow key={row.id}>
          <TableCell sx={{ overflowWrap: 'anywhere' }}>
            {row.user ? (
              <UserRefLink user={row.user} />
            ) : row.workspace ? (
              <>
                {t('admin.document.workspaceAccess')}{' '}
                <Link component={RouterLink} to={adminWorkspacePath(row.workspace.id)}>
                  {row.workspace.title}
                </Link>
              </>
            ) : row.group ? (
              t('admin.document.groupAccess', { name: row.group.name })
            ) : (
              t('admin.document.invited', { email: row.email ?? '' })
            )}
          </TableCell>
          <TableCell>{t(`workspaces.roles.${row.role}`)}</TableCell>
          <TableCell>{row.party ? t(`admin.parties.${row.party}`) : '–'}</TableCell>
        </TableRow>
      ))}
    </CardTable>
  );
}

function SignersCard({ document }: { document: AdminDocumentDetail }) {
  const { t } = useTranslation();
  return (
    <CardTable
      title={t('admin.document.signers')}
      isEmpty={document.signers.length === 0}
      emptyText={t('admin.document.noSigners')}
      minWidth={640}
      head={
        <>
          <TableCell>{t('admin.document.party')}</TableCell>
          <TableCell>{t('admin.users.columns.name')}</TableCell>
          <TableCell>{t('admin.users.columns.email')}</TableCell>
          <TableCell>{t('admin.columns.status')}</TableCell>
        </>
      }
    >
      {document.signers.map((signer) => (
        <TableRow key={signer.id}>
          <TableCell>{t(`admin.parties.${signer.party}`)}</TableCell>
          <TableCell>{signer.name}</TableCell>
          <TableCell sx={{ overflowWrap: 'anywhere' }}>{signer.email}</TableCell>
          <TableCell>
            {signer.revokedAt ? (
              <Chip
                size="small"
                variant="outlined"
                label={t('admin.document.signerRevoked', {
                  date: formatDateTime(signer.revokedAt),
                })}
              />
            ) : signer.state === 'signed' ? (
              <Chip
                size="small"
                color="success"
                label={t('admin.document.signerSigned', {
                  date: signer.signedAt ? formatDateTime(signer.signedAt) : '',
                })}
              />
            ) : (
              <Chip
                size="small"
                color="warning"
                variant="outlined"
                label={t('admin.document.signerWaiting')}
              />
            )}
          </TableCell>
        </TableRow>
      ))}
    </CardTable>
  );
}

function ActivityCard({ document }: { document: AdminDocumentDetail }) {
  const { t } = useTranslation();
  return (
    <CardTable
      title={t('admin.document.activity')}
      description={t('admin.document.activityHint')}
      isEmpty={document.events.length === 0}
      emptyText={t('admin.document.noActivity')}
      minWidth={640}
      maxHeight={480}
      head={
        <>
          <TableCell>{t('admin.events.columns.time')}</TableCell>
          <TableCell>{t('admin.events.columns.type')}</TableCell>
          <TableCell>{t('admin.document.party')}</TableCell>
          <TableCell>{t('admin.events.columns.actor')}</TableCell>
          <TableCell align="right">{t('admin.document.seq')}</TableCell>
        </>
      }
    >
      {document.events.map((event) => (
        <TableRow key={event.id}>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.createdAt)}</TableCell>
          <TableCell>
            <code>{event.event}</code>
          </TableCell>
          <TableCell>{event.party ? t(`admin.parties.${event.party}`) : '–'}</TableCell>
          <TableCell sx={{ overflowWrap: 'anywhere' }}>
            <UserRefLink user={event.user} />
          </TableCell>
          <TableCell align="right">{event.seq ?? '–'}</TableCell>
        </TableRow>
      ))}
    </CardTable>
  );
}

function RestoreDialog({
  document,
  onClose,
}: {
  document: AdminDocumentDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const restore = useRestoreDeal(document.id);
  return (
    <ReasonDialog
      title={t('admin.document.restoreTitle', {
        title: document.title || t('admin.documents.untitled'),
      })}
      text={
        document.beforeTrashState
          ? t('admin.document.restoreText', {
              state: t(`admin.states.${document.beforeTrashState}`),
            })
          : t('admin.document.restoreTextUnknown')
      }
      confirmLabel={t('admin.document.restore')}
      isPending={restore.isPending}
      error={restore.error}
      onSubmit={(reason) =>
        restore.mutate(
          { reason },
          {
            onSuccess: ({ state }) => {
              toast.success(t('admin.document.restored', { state: t(`admin.states.${state}`) }));
              onClose();
            },
          },
        )
      }
      onClose={onClose}
    />
  );
}
