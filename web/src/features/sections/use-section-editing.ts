import { SECTION_LOCK_RENEW_MS } from '@pactum/core/section-lock';
import type { AddSectionInput } from '@pactum/core/templates';
import { useIsMutating } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/error-text';
import { toast } from '../../ui/toast-store';
import { useLang } from '../../ui/use-lang';
import { useAddSection } from './api/add-section';
import { lockSection, useLockSection } from './api/lock-section';
import { useSaveSection } from './api/save-section';
import { documentWriteKey } from './api/section-cache';
import { useUnlockSection } from './api/unlock-section';
import type { Section, SectionDocument, SectionValues } from './types';

/** The section open in this editor: its values as typed and as they were opened. */
export type OpenSection = { sectionId: string; values: SectionValues; initial: SectionValues };

/** A section's values as its editor starts them: there is always a first content option. */
export function sectionValues(section: Section, newId: () => string): SectionValues {
  const content = section.content.length > 0 ? section.content : [{ id: newId(), html: '' }];
  const first = content[0]?.id ?? '';
  const defaultContentId = content.some((option) => option.id === section.defaultContentId)
    ? (section.defaultContentId ?? first)
    : first;
  return { title: section.title, help: section.help ?? '', content, defaultContentId };
}

/** Whether the values differ from those the section was opened with. */
export function isChanged({ values, initial }: OpenSection): boolean {
  return JSON.stringify(values) !== JSON.stringify(initial);
}

/**
 * One section in edit at a time (spec 2 §4.1). Opening a section takes its lock on the server
 * (another user's lock answers 'Locked by %s'); opening another saves the open one first;
 * adding a section is refused while a save is under way ('Can not add a section during a
 * save.'), and opens the new section. The open section's values live here so that the page
 * can save it from outside the card (another section, leaving the page).
 */
export function useSectionEditing(
  { collection, documentId }: SectionDocument,
  newId = () => crypto.randomUUID(),
) {
  const { t } = useTranslation();
  const document = useMemo(() => ({ collection, documentId }), [collection, documentId]);
  const lang = useLang();
  const lock = useLockSection(document);
  const save = useSaveSection(document);
  const unlock = useUnlockSection(document);
  const add = useAddSection(document);
  const isWriting = useIsMutating({ mutationKey: documentWriteKey(document) }) > 0;
  const [open, setOpenState] = useState<OpenSection | null>(null);
  // The async flows below read the latest open section, not the one of their render.
  const openRef = useRef<OpenSection | null>(null);
  const [openingId, setOpeningId] = useState<string | null>(null);
  const isBusy = useRef(false);

  const setOpen = useCallback((next: OpenSection | null) => {
    openRef.current = next;
    setOpenState(next);
  }, []);

  const fail = useCallback((error: unknown) => toast.error(errorText(error, lang)), [lang]);

  /**
   * Saves and closes the open section; an unchanged one is only closed ('No changes to save.'
   * when the user asked to save). False when the save failed and the section stays open.
   */
  const saveOpen = useCallback(
    async (isAsked = false): Promise<boolean> => {
      const current = openRef.current;
      if (!current) return true;
      try {
        if (!isChanged(current)) {
          await unlock.mutateAsync(current.sectionId);
          if (isAsked) toast.info(t('sections.noChanges'));
        } else {
          await save.mutateAsync({ sectionId: current.sectionId, values: current.values });
        }
        if (openRef.current?.sectionId === current.sectionId) setOpen(null);
        return true;
      } catch (error) {
        fail(error);
        return false;
      }
    },
    [unlock, save, setOpen, fail, t],
  );

  const openSection = useCallback(
    async (sectionId: string): Promise<void> => {
      if (openRef.current?.sectionId === sectionId || isBusy.current) return;
      isBusy.current = true;
      try {
        if (!(await saveOpen())) return;
        setOpeningId(sectionId);
        const section = await lock.mutateAsync(sectionId);
        const values = sectionValues(section, newId);
        setOpen({ sectionId, values, initial: values });
      } catch (error) {
        fail(error);
      } finally {
        setOpeningId(null);
        isBusy.current = false;
      }
    },
    [saveOpen, lock, newId, setOpen, fail],
  );

  /** Closes the open section without saving (its lock is released). */
  const cancel = useCallback(async () => {
    const current = openRef.current;
    if (!current) return;
    setOpen(null);
    try {
      await unlock.mutateAsync(current.sectionId);
    } catch (error) {
      fail(error);
    }
  }, [unlock, setOpen, fail]);

  const addSection = useCallback(
    async (where: AddSectionInput = {}): Promise<void> => {
      if (isWriting || isBusy.current) {
        toast.error(t('sections.addDuringSave'));
        return;
      }
      isBusy.current = true;
      let added: Section | undefined;
      try {
        if (!(await saveOpen())) return;
        added = await add.mutateAsync(where);
      } catch (error) {
        fail(error);
      } finally {
        isBusy.current = false;
      }
      if (added) await openSection(added.id);
    },
    [isWriting, saveOpen, add, openSection, fail, t],
  );

  // Heartbeat: re-locking renews the lock, so a long edit is not taken over as abandoned.
  const openId = open?.sectionId;
  useEffect(() => {
    if (!openId) return undefined;
    const timer = setInterval(() => {
      lockSection(document, openId).catch(fail);
    }, SECTION_LOCK_RENEW_MS);
    return () => clearInterval(timer);
  }, [document, openId, fail]);

  /** Merges a change into the latest values, so that no field's edit undoes another's. */
  const setValues = useCallback(
    (change: Partial<SectionValues>) => {
      const current = openRef.current;
      if (current) setOpen({ ...current, values: { ...current.values, ...change } });
    },
    [setOpen],
  );

  return {
    open,
    openingId,
    isSaving: save.isPending,
    isWriting,
    openSection,
    saveOpen,
    cancel,
    addSection,
    setValues,
  };
}

export type SectionEditing = ReturnType<typeof useSectionEditing>;
