import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import History from '@mui/icons-material/History';
import LockOpen from '@mui/icons-material/LockOpen';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isSameText } from '@pactum/core/deals';
import { SECTION_LOCK_RENEW_MS } from '@pactum/core/section-lock';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeText } from '../../../app/error-text';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { ErrorAlert } from '../../../ui/error-alert';
import { useLang } from '../../../ui/use-lang';
import { LazyRichTextEditor, RichTextView } from '../../sections';
import { lockSection, useSectionAction } from '../api/section-actions';
import type { DealSection } from '../types';
import { SectionStateChip } from './section-chip';
import { VersionsDialog } from './versions-dialog';

/** The element id of a section card (`#sec=<id>` and the table of contents scroll to it). */
export const dealSectionAnchorId = (sectionId: string) => `sec-${sectionId}`;

type Draft = { title: string; html: string; baseLogLength: number };

/** The one open section editor of a deal page, for the leave prompt. */
export type OpenDealEditor = {
  sectionId: string;
  title: string;
  /** Saves (or, unchanged, just closes) the editor; false when the save failed. */
  save: () => Promise<boolean>;
  discard: () => Promise<void>;
};

type DealSectionCardProps = {
  dealId: string;
  section: DealSection;
  /** Another section of this page is open in an editor: one at a time. */
  isOtherOpen: boolean;
  /** Tells the page this card's editor opened (with how to save or drop it) or closed. */
  onOpenChange: (editor: OpenDealEditor | null) => void;
  /** The card's footer: the party's internal comments of this section. */
  footer?: ReactNode;
};

/**
 * One section in negotiation: number, title, state chip and text; Edit (lock, then save as a
 * new version), Agree, Reopen (after the spec's confirmation), Versions with the redline, and
 * Delete. A refused save keeps the text in the editor and says why.
 */
export function DealSectionCard({
  dealId,
  section,
  isOtherOpen,
  onOpenChange,
  footer,
}: DealSectionCardProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  const action = useSectionAction(dealId, section.id);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [confirm, setConfirm] = useState<'reopen' | 'delete' | null>(null);
  const [isVersionsOpen, setIsVersionsOpen] = useState(false);
  const heading = [section.number, section.title || t('deals.section.untitled')]
    .filter(Boolean)
    .join(' ');

  // The latest text, for saving from outside the card (the leave prompt).
  const draftRef = useRef<Draft | null>(null);
  draftRef.current = draft;
  // While the editor is open its lock is renewed, so a long edit is not let go as abandoned.
  const isEditing = draft !== null;
  useEffect(() => {
    if (!isEditing) return undefined;
    const timer = setInterval(() => {
      lockSection(dealId, section.id).catch(() => undefined);
    }, SECTION_LOCK_RENEW_MS);
    return () => clearInterval(timer);
  }, [isEditing, dealId, section.id]);
  const close = () => {
    setDraft(null);
    onOpenChange(null);
  };
  const saveNow = async (): Promise<boolean> => {
    const current = draftRef.current;
    if (!current) return true;
    const isUnchanged =
      current.title.trim() === section.title.trim() && isSameText(current.html, section.html);
    try {
      await action.mutateAsync(
        isUnchanged
          ? { kind: 'unlock' }
          : {
              kind: 'save',
              body: {
                title: current.title,
                html: current.html,
                baseLogLength: current.baseLogLength,
              },
            },
      );
      close();
      return true;
    } catch {
      return false;
    }
  };
  const discardNow = async () => {
    await action.mutateAsync({ kind: 'unlock' }).catch(() => undefined);
    close();
  };
  const startEdit = () => {
    action.mutate(
      { kind: 'lock' },
      {
        onSuccess: () => {
          setDraft({ title: section.title, html: section.html, baseLogLength: section.log.length });
          onOpenChange({
            sectionId: section.id,
            title: [section.number, section.title].filter(Boolean).join(' '),
            save: saveNow,
            discard: discardNow,
          });
        },
      },
    );
  };
  const cancel = () => {
    action.mutate({ kind: 'unlock' });
    close();
  };
  const save = () => {
    if (!draft) return;
    action.mutate(
      {
        kind: 'save',
        body: { title: draft.title, html: draft.html, baseLogLength: draft.baseLogLength },
      },
      { onSuccess: close },
    );
  };

  if (section.type !== 'normal') return null;

  return (
    <Card
      variant="outlined"
      id={dealSectionAnchorId(section.id)}
      component="section"
      aria-labelledby={titleId}
      sx={{ scrollMarginTop: 96 }}
    >
      <CardContent>
        <Stack spacing={1.5}>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
          >
            <Typography id={titleId} variant="h6" component="h3" sx={{ flexGrow: 1 }}>
              {heading}
            </Typography>
            <SectionStateChip chip={section.chip} />
            {section.lockedBy && !section.isLockedByMe && (
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
              >
                <LockOutlined fontSize="small" />
                {codeText('section_locked', lang, { name: section.lockedBy.name })}
              </Typography>
            )}
          </Stack>

          {draft ? (
            <Stack spacing={1.5}>
              <TextField
                label={t('deals.section.title')}
                value={draft.title}
                onChange={(event) => setDraft({ ...draft, title: event.target.value })}
                size="small"
                fullWidth
              />
              <LazyRichTextEditor
                value={draft.html}
                onChange={(html) =>
                  setDraft((current) => (current ? { ...current, html } : current))
                }
                label={t('deals.section.text')}
                autoFocus
              />
              <ErrorAlert error={action.error} />
              <Stack direction="row" spacing={1}>
                <Button variant="contained" onClick={save} disabled={action.isPending}>
                  {t('deals.section.save')}
                </Button>
                <Button onClick={cancel} disabled={action.isPending}>
                  {t('deals.section.cancel')}
                </Button>
              </Stack>
            </Stack>
          ) : (
            <>
              <RichTextView html={section.html} />
              {action.error ? <ErrorAlert error={action.error} /> : null}
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                {section.canAgree && (
                  <Button
                    variant="contained"
                    color="success"
                    startIcon={<CheckCircleOutline />}
                    disabled={action.isPending}
                    onClick={() =>
                      action.mutate({ kind: 'agree', baseLogLength: section.log.length })
                    }
                  >
                    {t('deals.section.agree')}
                  </Button>
                )}
                {section.canEdit && (
                  <Button
                    startIcon={<EditOutlined />}
                    disabled={action.isPending || isOtherOpen}
                    onClick={startEdit}
                  >
                    {t('deals.section.edit')}
                  </Button>
                )}
                {section.canReopen && (
                  <Button
                    startIcon={<LockOpen />}
                    disabled={action.isPending}
                    onClick={() => setConfirm('reopen')}
                  >
                    {t('deals.section.reopen')}
                  </Button>
                )}
                {section.versionCount > 0 && (
                  <Button startIcon={<History />} onClick={() => setIsVersionsOpen(true)}>
                    {t('deals.section.versions')}
                  </Button>
                )}
                {section.canDelete && (
                  <Button
                    color="error"
                    startIcon={<DeleteOutline />}
                    disabled={action.isPending || isOtherOpen}
                    onClick={() => setConfirm('delete')}
                  >
                    {t('deals.section.delete')}
                  </Button>
                )}
              </Stack>
            </>
          )}
          {section.lockedBy && section.isLockedByMe && !draft && (
            <Alert severity="info" variant="outlined">
              {codeText('section_locked', lang, { name: section.lockedBy.name })}
            </Alert>
          )}
          {footer}
        </Stack>
      </CardContent>
      <ConfirmDialog
        isOpen={confirm === 'reopen'}
        title={t('deals.section.reopenTitle')}
        text={t('deals.section.reopenConfirm')}
        confirmLabel={t('deals.section.reopen')}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          setConfirm(null);
          action.mutate({ kind: 'reopen', baseLogLength: section.log.length });
        }}
      />
      <ConfirmDialog
        isOpen={confirm === 'delete'}
        title={t('deals.section.delete')}
        text={t('deals.section.deleteConfirm', { title: heading })}
        confirmLabel={t('deals.section.delete')}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          setConfirm(null);
          action.mutate({ kind: 'delete' });
        }}
      />
      {isVersionsOpen && (
        <VersionsDialog
          dealId={dealId}
          section={section}
          heading={heading}
          onClose={() => setIsVersionsOpen(false)}
        />
      )}
    </Card>
  );
}
