import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  canRemoveSection,
  type MoveDirection,
  moveDirections,
  moveSection,
  orderSections,
} from '@pactum/core/templates';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/error-text';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toast-store';
import { useLang } from '../../../ui/use-lang';
import { useDeleteSection } from '../api/delete-section';
import { useMoveSection } from '../api/move-section';
import type { Section, SectionDocument } from '../types';
import { useSectionEditing } from '../use-section-editing';
import { LeavePrompt } from './leave-prompt';
import { type AllowedMoves, SectionCard } from './section-card';

type SectionListProps = SectionDocument & {
  sections: Section[];
  /** Edit mode with edit access; otherwise everything is read-only. */
  canEdit: boolean;
  meId: string;
  /** How section numbers show (drafts: '§ n'). */
  formatNumber?: (section: Section) => string;
  /** A footer under each section (drafts: internal comments). */
  renderFooter?: (section: Section) => ReactNode;
};

/** The moves the shared ordering rules allow for each section. */
function allowedMoves(sections: Section[], id: string): AllowedMoves {
  return Object.fromEntries(
    moveDirections.map((direction) => [direction, moveSection(sections, id, direction).ok]),
  ) as AllowedMoves;
}

/**
 * A document's sections in order, for templates and drafts alike: one section in edit at a
 * time, moving, adding and deleting (spec 2 §4.1), and the question on leaving with a section
 * open. Read-only users see the sections only.
 */
export function SectionList({
  collection,
  documentId,
  sections,
  canEdit,
  meId,
  formatNumber,
  renderFooter,
}: SectionListProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const document = useMemo(() => ({ collection, documentId }), [collection, documentId]);
  const editing = useSectionEditing(document);
  const move = useMoveSection(document);
  const remove = useDeleteSection(document);
  const [deleting, setDeleting] = useState<Section>();
  const ordered = useMemo(() => orderSections(sections), [sections]);
  const openSection = editing.open
    ? ordered.find((section) => section.id === editing.open?.sectionId)
    : undefined;

  const onMove = (section: Section, direction: MoveDirection) =>
    move.mutate(
      { sectionId: section.id, direction },
      { onError: (error) => toast.error(errorText(error, lang)) },
    );
  const onDelete = (section: Section) =>
    remove.mutate(section.id, {
      onSuccess: () =>
        toast.success(t('sections.deleted', { title: section.title || t('sections.untitled') })),
      onError: (error) => toast.error(errorText(error, lang)),
    });
  // A new section goes after the last ordinary one, before the signers.
  const lastNormal = ordered
    .filter((section) => section.type === 'normal' && !section.parentId)
    .at(-1);

  return (
    <Stack spacing={2}>
      {ordered.map((section) => (
        <SectionCard
          key={section.id}
          section={section}
          canEdit={canEdit}
          meId={meId}
          open={editing.open?.sectionId === section.id ? editing.open : null}
          isOpening={editing.openingId === section.id}
          isSaving={editing.isSaving}
          moves={allowedMoves(sections, section.id)}
          canRemove={canRemoveSection(section)}
          onEdit={() => editing.openSection(section.id)}
          onChange={editing.setValues}
          onSave={() => editing.saveOpen(true)}
          onCancel={editing.cancel}
          onMove={(direction) => onMove(section, direction)}
          onAddBelow={() => editing.addSection({ afterSectionId: section.id })}
          onDelete={() => setDeleting(section)}
          formatNumber={formatNumber}
          footer={renderFooter?.(section)}
        />
      ))}
      {canEdit && (
        <Box>
          <Button
            variant="outlined"
            startIcon={<Add />}
            onClick={() => editing.addSection(lastNormal ? { afterSectionId: lastNormal.id } : {})}
          >
            {t('sections.add')}
          </Button>
        </Box>
      )}
      <ConfirmDialog
        isOpen={deleting !== undefined}
        title={t('sections.deleteTitle', {
          title: deleting?.title || t('sections.untitled'),
        })}
        text={t('sections.deleteText')}
        confirmLabel={t('sections.delete')}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => {
          if (deleting) onDelete(deleting);
          setDeleting(undefined);
        }}
      />
      <LeavePrompt
        openTitle={
          openSection
            ? editing.open?.values.title || openSection.title || t('sections.untitled')
            : undefined
        }
        onSave={() => editing.saveOpen()}
        onDiscard={editing.cancel}
      />
    </Stack>
  );
}
