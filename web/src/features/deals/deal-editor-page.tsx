import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { PartyRole } from '@pactum/core/documents';
import { areCommentsAllowed } from '@pactum/core/drafts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../app/http';
import { useLiveTopic } from '../../app/live';
import { ErrorAlert } from '../../ui/error-alert';
import { useDocumentTitle } from '../../ui/use-document-title';
import { AttachmentsCard } from '../attachments';
import { useMe } from '../auth';
import { type CommentThread, commentsQueryKey, SectionComments, useComments } from '../comments';
import { TagsMenu, useTagWorkspaces } from '../document-tags';
import {
  DeclinedNotice,
  dealEditPath,
  dealHomePath,
  dealSignPath,
  receiverValidationPath,
} from '../documents';
import { LeavePrompt, scrollToAnchor, TableOfContents, type TocItem } from '../sections';
import { SupportContact } from '../support';
import { useCreateSection } from './api/create-section';
import { useDealLiveRefresh } from './api/deal-live-refresh';
import { useDeal } from './api/get-deal';
import { useMyInvite } from './api/get-my-invite';
import { DealInfoPanel } from './components/deal-info-panel';
import { DealMenu } from './components/deal-menu';
import { DealPartiesCard } from './components/deal-parties-card';
import { DealProgressCard } from './components/deal-progress';
import {
  DealSectionCard,
  dealSectionAnchorId,
  type OpenDealEditor,
} from './components/deal-section-card';
import { DealSettingsDialog } from './components/deal-settings-dialog';
import type { DealDetail } from './types';

const TITLE_ANCHOR_ID = 'deal-title';

/** sent-deal-edit: the negotiation editor as the sender. */
export function SentDealEditPage() {
  return <DealEditor party="sender" />;
}

/** receiver-deal-edit: the negotiation editor as the receiver. */
export function ReceiverDealEditPage() {
  return <DealEditor party="receiver" />;
}

/**
 * The negotiation editor of one deal for one party. The route must match the caller's party
 * (a receiver on the sender's route goes back through doc-load). A change by anyone reaches
 * the page through the deal's realtime topic `deal:<id>`, which refetches what it changed.
 */
function DealEditor({ party }: { party: PartyRole }) {
  const { t } = useTranslation();
  const { dealId = '' } = useParams();
  const deal = useDeal(dealId);
  useLiveTopic(dealId ? `deal:${dealId}` : undefined);
  useDealLiveRefresh();
  useDocumentTitle(deal.data?.title ?? t('deals.editor.negotiation'));

  if (deal.isPending) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 1280 }} aria-busy="true">
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={240} />
      </Stack>
    );
  }
  if (deal.isError) {
    const isMissing = deal.error instanceof ApiError && deal.error.status === 404;
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 720 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
          {t('deals.editor.negotiation')}
        </Typography>
        {isMissing ? (
          <Alert severity="error">{t('deals.load.missingAccess')}</Alert>
        ) : (
          <ErrorAlert error={deal.error} fallback={t('deals.editor.loadFailed')} />
        )}
        <Button component={RouterLink} to="/dashboard/home" startIcon={<ArrowBack />}>
          {t('deals.editor.backToHome')}
        </Button>
      </Stack>
    );
  }
  if (deal.data.myParty && deal.data.myParty !== party) {
    return <Navigate to={dealEditPath(deal.data.id, deal.data.myParty)} replace />;
  }
  return <EditorBody deal={deal.data} />;
}

function toolbarTitle(deal: DealDetail): 'negotiation' | 'signed' | 'reviewAndSign' {
  if (deal.state === 'signed') return 'signed';
  if (deal.state === 'new' || deal.state === 'negotiate' || deal.state === 'trash') {
    return 'negotiation';
  }
  return 'reviewAndSign';
}

function EditorBody({ deal }: { deal: DealDetail }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [openEditor, setOpenEditor] = useState<OpenDealEditor | null>(null);
  const openSectionId = openEditor?.sectionId ?? null;
  const [isInfoShown, setIsInfoShown] = useState(true);
  const createSection = useCreateSection(deal.id);
  const me = useMe().data;
  // Internal comments: only the viewer's own party's threads, on the party's own topic.
  const party = deal.myParty;
  const comments = useComments('deals', deal.id);
  useLiveTopic(
    party ? `comments:${deal.id}_${party}` : undefined,
    commentsQueryKey('deals', deal.id),
  );
  const threadsBySection = useMemo(() => {
    const map = new Map<string, CommentThread[]>();
    for (const thread of comments.data ?? []) {
      map.set(thread.sectionId, [...(map.get(thread.sectionId) ?? []), thread]);
    }
    return map;
  }, [comments.data]);
  const isSettingsOpen = location.hash === '#settings' && deal.canEditSettings;
  // Tags are the user's workspaces' own: anyone who may change the deal sets them, at any state.
  const canTag = deal.role !== 'view';
  const tagWorkspaces = useTagWorkspaces(canTag);

  // `#sec=<sectionId>` scrolls to a section once the page is there.
  useEffect(() => {
    const match = /^#sec=(.+)$/.exec(location.hash);
    if (!match?.[1]) return undefined;
    const timer = setTimeout(() => scrollToAnchor(dealSectionAnchorId(match[1] ?? '')), 300);
    return () => clearTimeout(timer);
  }, [location.hash]);

  const tocItems = useMemo<TocItem[]>(
    () => [
      { anchorId: TITLE_ANCHOR_ID, label: deal.title, level: 0 },
      ...deal.sections
        .filter((section) => section.type === 'normal')
        .map((section) => ({
          anchorId: dealSectionAnchorId(section.id),
          label: [section.number, section.title || t('deals.section.untitled')].join(' '),
          level: section.parentId ? 1 : 0,
        })),
    ],
    [deal.title, deal.sections, t],
  );

  const lastSection = deal.sections.filter((section) => section.type === 'normal').at(-1);
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: '1fr',
          md: '220px minmax(0, 1fr)',
          lg: isInfoShown ? '220px minmax(0, 1fr) 320px' : '220px minmax(0, 1fr)',
        },
        gap: 3,
        maxWidth: 1600,
        alignItems: 'start',
      }}
    >
      <Box
        sx={{
          display: { xs: 'none', md: 'block' },
          position: 'sticky',
          top: 88,
          maxHeight: 'calc(100dvh - 112px)',
          overflowY: 'auto',
        }}
      >
        <Stack spacing={2}>
          <TableOfContents
            items={tocItems}
            home={{ to: dealHomePath(deal.home), label: t('deals.editor.backToHome') }}
          />
        </Stack>
      </Box>

      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
        >
          <Typography variant="h4" component="h1" sx={{ fontWeight: 600, flexGrow: 1 }}>
            {t(`deals.editor.${toolbarTitle(deal)}`)}
          </Typography>
          {deal.canEdit && (
            <Tooltip title={deal.canStartSigning ? '' : t('deals.editor.startSigningBlocked')}>
              <span>
                <Button
                  variant="contained"
                  startIcon={<DrawOutlined />}
                  disabled={!deal.canStartSigning}
                  component={RouterLink}
                  to={dealSignPath(deal.id)}
                >
                  {t('deals.editor.reviewSignButton')}
                </Button>
              </span>
            </Tooltip>
          )}
          {deal.canEditSettings && (
            <Button
              startIcon={<SettingsOutlined />}
              onClick={() => navigate({ hash: 'settings' }, { replace: true })}
            >
              {t('deals.editor.settings')}
            </Button>
          )}
          {canTag && <TagsMenu collection="deals" documentId={deal.id} createIn={tagWorkspaces} />}
          <Button startIcon={<InfoOutlined />} onClick={() => setIsInfoShown(!isInfoShown)}>
            {isInfoShown ? t('deals.editor.hideInfo') : t('deals.editor.showInfo')}
          </Button>
          <DealMenu deal={deal} />
        </Stack>

        {deal.isTrashed && (
          <Alert severity="warning">
            {t('deals.editor.trashedBanner')}
            <SupportContact lead={t('support.recoverTrashed')} />
          </Alert>
        )}
        {deal.declined && <DeclinedNotice declined={deal.declined} parties={deal.parties} />}
        {deal.role === 'view' && <Alert severity="info">{t('deals.editor.readOnly')}</Alert>}

        <Card variant="outlined" id={TITLE_ANCHOR_ID}>
          <CardContent>
            <Typography variant="body2" color="text.secondary">
              {t('deals.editor.parties', {
                sender: deal.parties.sender.name,
                receiver: deal.parties.receiver.name,
              })}
              {' · '}
              {t('deals.editor.contractId', { id: deal.contractUid })}
            </Typography>
            <Typography variant="h5" component="h2" sx={{ mt: 1 }}>
              {deal.title}
            </Typography>
            {deal.abstract && (
              <Typography variant="body1" color="text.secondary" sx={{ mt: 1 }}>
                {deal.abstract}
              </Typography>
            )}
          </CardContent>
        </Card>

        <DealProgressCard deal={deal} />

        {deal.sections.map((section) =>
          section.type === 'parties' ? (
            <DealPartiesCard key={section.id} title={section.title} parties={deal.parties} />
          ) : (
            <DealSectionCard
              key={section.id}
              dealId={deal.id}
              section={section}
              isOtherOpen={openSectionId !== null && openSectionId !== section.id}
              footer={
                party && me ? (
                  <SectionComments
                    collection="deals"
                    documentId={deal.id}
                    sectionId={section.id}
                    threads={threadsBySection.get(section.id) ?? []}
                    meId={me.id}
                    canModerate={deal.role === 'edit'}
                    canComment={areCommentsAllowed(deal.state) && !deal.isTrashed}
                  />
                ) : undefined
              }
              onOpenChange={(editor) =>
                setOpenEditor(
                  (current) => editor ?? (current?.sectionId === section.id ? null : current),
                )
              }
            />
          ),
        )}

        <AttachmentsCard collection="deals" documentId={deal.id} canEdit={deal.canEdit} />

        {deal.canEdit && (
          <Box>
            <ErrorAlert error={createSection.error} sx={{ mb: 1 }} />
            <Button
              startIcon={<AddCircleOutline />}
              disabled={createSection.isPending || openSectionId !== null}
              onClick={() =>
                createSection.mutate({
                  title: t('deals.editor.newSectionTitle'),
                  ...(lastSection ? { afterSectionId: lastSection.id } : {}),
                })
              }
            >
              {t('deals.editor.addSection')}
            </Button>
          </Box>
        )}
      </Stack>

      {isInfoShown && (
        <Box sx={{ gridColumn: { xs: '1', md: '2', lg: '3' } }}>
          <DealInfoPanel deal={deal} onHide={() => setIsInfoShown(false)} />
        </Box>
      )}

      <LeavePrompt
        openTitle={openEditor?.title}
        onSave={() => openEditor?.save() ?? Promise.resolve(true)}
        onDiscard={() => openEditor?.discard() ?? Promise.resolve()}
      />

      {isSettingsOpen && (
        <DealSettingsDialog deal={deal} onClose={() => navigate({ hash: '' }, { replace: true })} />
      )}
    </Box>
  );
}

/**
 * doc-load: checks access and goes to the sender's or the receiver's editor (spec 3 §2.1).
 * The signing view of a deal in signing belongs to the signing area (dealSignPath).
 */
export function DealLoadPage() {
  const { t } = useTranslation();
  const { dealId = '' } = useParams();
  const deal = useDeal(dealId);
  // A deal the caller cannot open yet may have an invite waiting for their address (a
  // 'sent you a document' notification leads here): they join through it.
  // Both are asked afresh each visit: a 404 remembered from before the invite was claimed must
  // not send the caller back to the invite.
  const isMissing = deal.error instanceof ApiError && deal.error.status === 404 && !deal.isFetching;
  const invite = useMyInvite(dealId, isMissing);
  if (deal.isPending || deal.isFetching || (isMissing && invite.isFetching)) {
    return (
      <Typography role="status" color="text.secondary">
        {t('deals.load.loading')}
      </Typography>
    );
  }
  if (invite.data) return <Navigate to={invite.data.path} replace />;
  if (deal.isError || !deal.data.myParty) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 720 }}>
        <Alert severity="error">{t('deals.load.missingAccess')}</Alert>
        <Button component={RouterLink} to="/dashboard/home" startIcon={<ArrowBack />}>
          {t('deals.editor.backToHome')}
        </Button>
      </Stack>
    );
  }
  const { myParty, state } = deal.data;
  // The receiver confirms their own details before the deal opens the first time (spec 2 §6).
  if (myParty === 'receiver' && !deal.data.receiverValidated) {
    return <Navigate to={receiverValidationPath(dealId)} replace />;
  }
  if (state === 'in-signing' || state === 'signed') {
    return <Navigate to={dealSignPath(dealId)} replace />;
  }
  return <Navigate to={dealEditPath(dealId, myParty)} replace />;
}
