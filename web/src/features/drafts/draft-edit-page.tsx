import EditOutlined from '@mui/icons-material/EditOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { orderSections, type Section } from '@pactum/core/templates';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useLiveTopic } from '../../app/live';
import { AttachmentsCard, useAttachments } from '../attachments';
import { useMe } from '../auth';
import { type CommentThread, commentsQueryKey, SectionComments, useComments } from '../comments';
import { TagsMenu } from '../document-tags';
import { draftPath, HOME_PATH } from '../documents';
import {
  SaveStatusChip,
  SectionList,
  scrollToAnchor,
  sectionAnchorId,
  TableOfContents,
} from '../sections';
import { SharingDialog } from '../sharing';
import { DraftToolbarMenu } from './components/draft-toolbar-menu';
import { useDraftOfPage } from './draft-page';
import { attachmentNumber, sectionLabel, sectionNumber } from './numbering';

/** Spec 2 §2.2: a `#sec=<sectionId>` hash scrolls to that section. */
const SECTION_HASH = '#sec=';
const ATTACHMENTS_ANCHOR = 'draft-attachments';

/**
 * `draft/:draftId/edit` (draft-edit): the draft's sections in the shared section editor with
 * internal comments under each, its attachments, and the way on to sending. Sections are
 * numbered § n and attachments A n.
 */
export function DraftEditPage() {
  const { t } = useTranslation();
  const draft = useDraftOfPage();
  const me = useMe().data;
  const { hash } = useLocation();
  const attachments = useAttachments('drafts', draft.id);
  const attachmentList = attachments.data?.attachments ?? [];
  const comments = useComments('drafts', draft.id);
  // A draft's comments are the sender side's: colleagues' threads and replies arrive live.
  useLiveTopic(`comments:${draft.id}_sender`, commentsQueryKey('drafts', draft.id));
  const [isSharingOpen, setIsSharingOpen] = useState(false);
  const ordered = useMemo(() => orderSections(draft.sections), [draft.sections]);
  const threadsBySection = useMemo(() => {
    const map = new Map<string, CommentThread[]>();
    for (const thread of comments.data ?? []) {
      map.set(thread.sectionId, [...(map.get(thread.sectionId) ?? []), thread]);
    }
    return map;
  }, [comments.data]);
  const isAllPdf = attachmentList.every((attachment) => attachment.isPdf);
  const canSend = draft.canEdit && isAllPdf && !attachments.isPending;

  // The hash's section, once it is on the page.
  const hashSectionId = hash.startsWith(SECTION_HASH) ? hash.slice(SECTION_HASH.length) : '';
  const hasHashSection = ordered.some((section) => section.id === hashSectionId);
  useEffect(() => {
    if (hasHashSection) scrollToAnchor(sectionAnchorId(hashSectionId));
  }, [hasHashSection, hashSectionId]);

  const tocItems = [
    ...ordered.map((section) => ({
      anchorId: sectionAnchorId(section.id),
      label: sectionLabel(section, t('drafts.edit.untitled')),
      level: section.parentId ? 1 : 0,
    })),
    ...attachmentList.map((attachment, index) => ({
      anchorId: `${ATTACHMENTS_ANCHOR}-${attachment.id}`,
      label: `${attachmentNumber(index)} ${attachment.name}`,
      level: 0,
    })),
  ];
  const sendButton = (
    <Button
      variant="contained"
      startIcon={<Send />}
      component={RouterLink}
      to={draftPath(draft.id, 'parties')}
      disabled={!canSend}
    >
      {t('drafts.edit.sendDraft')}
    </Button>
  );

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 3 }} sx={{ display: { xs: 'none', md: 'block' } }}>
        <Box sx={{ position: 'sticky', top: 88 }}>
          <TableOfContents
            items={tocItems}
            home={{ to: HOME_PATH, label: t('drafts.edit.backToHome') }}
          />
        </Box>
      </Grid>
      <Grid size={{ xs: 12, md: 9 }}>
        <Stack spacing={3}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
          >
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
                {t('drafts.edit.heading')}
              </Typography>
              {draft.canEdit && <SaveStatusChip collection="drafts" documentId={draft.id} />}
            </Stack>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              {draft.canEdit && <TagsMenu collection="drafts" documentId={draft.id} />}
              <Button
                variant="outlined"
                startIcon={<GroupOutlined />}
                onClick={() => setIsSharingOpen(true)}
              >
                {t('drafts.edit.teamSharing')}
              </Button>
              {draft.canEdit && sendButton}
              <DraftToolbarMenu draft={draft} onTeamSharing={() => setIsSharingOpen(true)} />
            </Stack>
          </Stack>
          {!draft.canEdit && <Alert severity="info">{t('drafts.edit.readOnly')}</Alert>}
          <TitleCard
            title={draft.title}
            abstract={draft.abstract}
            editTo={draft.canEdit ? draftPath(draft.id, 'title') : undefined}
          />
          {me && (
            <SectionList
              collection="drafts"
              documentId={draft.id}
              sections={draft.sections}
              canEdit={draft.canEdit}
              meId={me.id}
              formatNumber={sectionNumber}
              renderFooter={(section: Section) => (
                <SectionComments
                  collection="drafts"
                  documentId={draft.id}
                  sectionId={section.id}
                  threads={threadsBySection.get(section.id) ?? []}
                  meId={me.id}
                  canModerate={draft.canEdit}
                  canComment
                />
              )}
            />
          )}
          <Box sx={{ position: 'relative' }}>
            {/* The table of contents scrolls each attachment's line here, to the card. */}
            {attachmentList.map((attachment) => (
              <Box
                key={attachment.id}
                id={`${ATTACHMENTS_ANCHOR}-${attachment.id}`}
                sx={{ position: 'absolute', top: 0, scrollMarginTop: 96 }}
              />
            ))}
            <AttachmentsCard collection="drafts" documentId={draft.id} canEdit={draft.canEdit} />
          </Box>
          {!isAllPdf && (
            <Alert severity="error" role="alert">
              {t('drafts.edit.notPdf')}
            </Alert>
          )}
          {draft.canEdit && <Box>{sendButton}</Box>}
        </Stack>
      </Grid>
      <SharingDialog
        collection="drafts"
        documentId={draft.id}
        isOpen={isSharingOpen}
        onClose={() => setIsSharingOpen(false)}
      />
    </Grid>
  );
}

function TitleCard({
  title,
  abstract,
  editTo,
}: {
  title: string;
  abstract: string;
  editTo: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography
            variant="h5"
            component="h2"
            sx={{ flexGrow: 1, fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {title}
          </Typography>
          {editTo && (
            <Button size="small" startIcon={<EditOutlined />} component={RouterLink} to={editTo}>
              {t('drafts.edit.editTitle')}
            </Button>
          )}
        </Stack>
        {abstract && (
          <Typography color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
            {abstract}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
