import ArrowBack from '@mui/icons-material/ArrowBack';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import NoteAddOutlined from '@mui/icons-material/NoteAddOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { orderSections } from '@pactum/core/templates';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../app/http';
import { useLiveTopic } from '../../app/live';
import { ErrorAlert } from '../../ui/error-alert';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useAttachments } from '../attachments';
import { useMe } from '../auth';
import { TagsMenu } from '../document-tags';
import {
  SaveStatusChip,
  SectionList,
  scrollToAnchor,
  sectionAnchorId,
  TableOfContents,
  type TocItem,
} from '../sections';
import { SharingDialog } from '../sharing';
import { type TemplateDetail, useTemplate } from './api/get-template';
import { DetailsCard } from './components/details-card';
import { TemplateAttachments } from './components/template-attachments';
import { TemplateMenu } from './components/template-menu';
import { TITLE_ANCHOR_ID, TitleCard } from './components/title-card';
import {
  draftCreatePath,
  templateEditPath,
  templateListPath,
  templateViewPath,
} from './template-paths';

/** Spec 2 §9: with `?scrollToTags`, the tag area scrolls into view after 1 s. */
const SCROLL_TO_TAGS_DELAY_MS = 1_000;
const TAGS_ANCHOR_ID = 'template-tags';

type Mode = 'edit' | 'view';

/** `templates/edit/:templateId` (template-edit). Users without edit access get the view. */
export function TemplateEditPage() {
  return <TemplateEditor mode="edit" />;
}

/** `templates/view/:templateId` (template-view): always read-only. */
export function TemplateViewPage() {
  return <TemplateEditor mode="view" />;
}

function TemplateEditor({ mode }: { mode: Mode }) {
  const { t } = useTranslation();
  const { templateId = '' } = useParams();
  const template = useTemplate(templateId);
  const me = useMe().data;
  // Every change to the template (sections, locks, sharing, tags) refetches it.
  useLiveTopic(templateId ? `template:${templateId}` : undefined);
  useDocumentTitle(
    template.data?.title ??
      (mode === 'edit' ? t('templates.editor.editTitle') : t('templates.editor.viewTitle')),
  );

  if (template.isPending || !me) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 1280 }} aria-busy="true">
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={240} />
      </Stack>
    );
  }
  if (template.isError) {
    const isMissing =
      template.error instanceof ApiError &&
      (template.error.status === 404 || template.error.status === 403);
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 720 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
          {mode === 'edit' ? t('templates.editor.editTitle') : t('templates.editor.viewTitle')}
        </Typography>
        {isMissing ? (
          <ErrorAlert error={template.error} describe={() => t('templates.editor.notFound')} />
        ) : (
          <ErrorAlert error={template.error} fallback={t('templates.editor.loadFailed')} />
        )}
        <Stack direction="row" spacing={1}>
          {!isMissing && (
            <Button variant="outlined" onClick={() => template.refetch()}>
              {t('common.tryAgain')}
            </Button>
          )}
          <Button component={RouterLink} to={templateListPath('all')} startIcon={<ArrowBack />}>
            {t('templates.editor.backToTemplates')}
          </Button>
        </Stack>
      </Stack>
    );
  }
  if (mode === 'edit' && !template.data.canEdit) {
    return <Navigate to={templateViewPath(templateId)} replace />;
  }
  // Keyed by the template: another template (e.g. a new copy) starts with fresh editing state.
  return <EditorBody key={template.data.id} template={template.data} mode={mode} meId={me.id} />;
}

function EditorBody({
  template,
  mode,
  meId,
}: {
  template: TemplateDetail;
  mode: Mode;
  meId: string;
}) {
  const { t } = useTranslation();
  const canEdit = mode === 'edit' && template.canEdit;
  const [searchParams] = useSearchParams();
  const isScrollToTags = searchParams.has('scrollToTags');

  useEffect(() => {
    if (!isScrollToTags) return undefined;
    const timer = setTimeout(() => scrollToAnchor(TAGS_ANCHOR_ID), SCROLL_TO_TAGS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isScrollToTags]);

  const tocItems = useMemo<TocItem[]>(
    () => [
      { anchorId: TITLE_ANCHOR_ID, label: template.title, level: 0 },
      ...orderSections(template.sections).map((section) => ({
        anchorId: sectionAnchorId(section.id),
        label: [section.number, section.title || t('sections.untitled')].filter(Boolean).join(' '),
        level: section.parentId ? 1 : 0,
      })),
    ],
    [template.title, template.sections, t],
  );

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '240px minmax(0, 1fr)' },
        gap: 3,
        maxWidth: 1280,
        alignItems: 'start',
      }}
    >
      <Box
        component="aside"
        sx={{
          display: { xs: 'none', md: 'block' },
          position: 'sticky',
          top: 88,
          maxHeight: 'calc(100dvh - 112px)',
          overflowY: 'auto',
        }}
      >
        <TableOfContents
          items={tocItems}
          home={{ to: templateListPath('all'), label: t('templates.editor.backToHome') }}
        />
      </Box>
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        {mode === 'edit' ? (
          <EditToolbar template={template} meId={meId} />
        ) : (
          <ViewToolbar template={template} />
        )}
        <TitleCard template={template} canEdit={canEdit} />
        <DetailsCard template={template} canEdit={canEdit} />
        <SectionList
          collection="templates"
          documentId={template.id}
          sections={template.sections}
          canEdit={canEdit}
          meId={meId}
        />
        <TemplateAttachments templateId={template.id} canEdit={canEdit} />
      </Stack>
    </Box>
  );
}

function EditToolbar({ template, meId }: { template: TemplateDetail; meId: string }) {
  const { t } = useTranslation();
  const [isSharing, setIsSharing] = useState(false);
  // Another user has a section of the template open (spec 2 §4.1: the template shows a lock).
  const editor = template.lockedBy && template.lockedBy.id !== meId ? template.lockedBy : null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mr: 1 }}>
        {t('templates.editor.editTitle')}
      </Typography>
      <SaveStatusChip collection="templates" documentId={template.id} />
      {editor && (
        <Chip
          size="small"
          variant="outlined"
          color="warning"
          icon={<LockOutlined />}
          label={t('templates.editor.editing', { name: editor.name })}
        />
      )}
      <Box sx={{ flexGrow: 1 }} />
      {!template.isGlobal && (
        <Box id={TAGS_ANCHOR_ID} sx={{ scrollMarginTop: 96 }}>
          <TagsMenu collection="templates" documentId={template.id} />
        </Box>
      )}
      <Button variant="outlined" startIcon={<ShareOutlined />} onClick={() => setIsSharing(true)}>
        {t('templates.editor.share')}
      </Button>
      <Button
        component={RouterLink}
        to={templateViewPath(template.id)}
        startIcon={<VisibilityOutlined />}
      >
        {t('templates.editor.preview')}
      </Button>
      <TemplateMenu template={template} />
      <SharingDialog
        collection="templates"
        documentId={template.id}
        isOpen={isSharing}
        onClose={() => setIsSharing(false)}
        canInviteGroups={!template.isGlobal}
      />
    </Stack>
  );
}

function ViewToolbar({ template }: { template: TemplateDetail }) {
  const { t } = useTranslation();
  const attachments = useAttachments('templates', template.id);
  // A draft can be made only when every attachment passes the PDF check (spec 2 §2.1).
  const isAllPdf = (attachments.data?.attachments ?? []).every((attachment) => attachment.isPdf);
  const canCreateDraft = attachments.isSuccess && isAllPdf;
  return (
    <Stack spacing={1}>
      <Box>
        <Button component={RouterLink} to={templateListPath('all')} startIcon={<ArrowBack />}>
          {t('templates.editor.backToTemplates')}
        </Button>
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {t('templates.editor.viewTitle')}
        </Typography>
        {template.canEdit && (
          <Button
            component={RouterLink}
            to={templateEditPath(template.id)}
            startIcon={<EditOutlined />}
          >
            {t('common.edit')}
          </Button>
        )}
        <Button
          variant="contained"
          component={RouterLink}
          to={draftCreatePath(template.id)}
          startIcon={<NoteAddOutlined />}
          disabled={!canCreateDraft}
        >
          {t('templates.editor.createDraft')}
        </Button>
      </Stack>
    </Stack>
  );
}
