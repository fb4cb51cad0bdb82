import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  checkImportForTemplate,
  type ImportBlock,
  type ImportMarkers,
  splitImportSections,
  type UpdateImport,
} from '@pactum/core/imports';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { codeText, errorText } from '../../app/error-text';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { PageHeader } from '../../ui/page-header';
import { toast } from '../../ui/toast-store';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useLang } from '../../ui/use-lang';
import { useCreateTemplateFromImport } from './api/create-template-from-import';
import { type ImportDetail, useImport } from './api/get-import';
import { useUpdateImport } from './api/update-import';
import { ImportDocument, type PickMode } from './components/import-document';
import { ImportPanel, type ImportPicks } from './components/import-panel';
import { TEMPLATES_PATH, templateEditPath } from './import-paths';

/** How long the wizard waits after the last pick before saving it. */
const SAVE_DEBOUNCE_MS = 800;

function picksOf(detail: ImportDetail): ImportPicks {
  return {
    title: detail.title ?? '',
    abstract: detail.abstract ?? '',
    titleIndex: detail.markers.titleIndex ?? null,
    abstractIndex: detail.markers.abstractIndex ?? null,
    section: detail.markers.section ?? null,
    subsection: detail.markers.subsection ?? null,
    category: detail.category ?? '',
    language: detail.language ?? '',
    region: detail.region ?? '',
  };
}

const markersOf = (picks: ImportPicks): ImportMarkers => ({
  section: picks.section,
  subsection: picks.subsection,
  titleIndex: picks.titleIndex,
  abstractIndex: picks.abstractIndex,
});

function toUpdate(picks: ImportPicks): UpdateImport {
  return {
    title: picks.title,
    abstract: picks.abstract,
    markers: markersOf(picks),
    category: (picks.category || null) as UpdateImport['category'],
    language: picks.language || null,
    region: picks.region || null,
  };
}

/** The mode a step starts in: picking the title, then the section marker. */
const stepMode = (step: number, picks: ImportPicks): PickMode | null => {
  if (step === 1) return picks.titleIndex === null ? 'title' : 'abstract';
  if (step === 2) return picks.section === null ? 'section' : 'subsection';
  return null;
};

/**
 * templates/import/:importId (import-template, spec 2 §2.1, §4.3): the converted document in
 * the main area and the four-step panel at the right. Picks are saved as the user goes; the
 * template is created from the saved picks and opens in the editor.
 */
export function ImportWizardPage() {
  const { importId = '' } = useParams();
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  useDocumentTitle(t('imports.wizardTitle'));
  const query = useImport(importId);
  const update = useUpdateImport(importId);
  const create = useCreateTemplateFromImport(importId);
  const detail = query.data;
  const [picks, setPicks] = useState<ImportPicks | null>(null);
  const [step, setStep] = useState(0);
  const [mode, setMode] = useState<PickMode | null>(null);
  const [isDirty, setIsDirty] = useState(false);
  const [isResetOpen, setIsResetOpen] = useState(false);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (detail?.state === 'ready' && picks === null) setPicks(picksOf(detail));
  }, [detail, picks]);

  const blocks: ImportBlock[] = detail?.blocks ?? [];
  const checks = useMemo(() => {
    if (!picks) return null;
    const input = { ...picks, markers: markersOf(picks) };
    const problem = checkImportForTemplate(input, blocks);
    const titleProblem = problem === 'noTitle' || problem === 'titleTooShort' ? problem : null;
    const markerProblem = checkImportForTemplate(
      { ...input, title: 'title ok', category: 'x', language: 'x', region: 'x' },
      blocks,
    );
    const sections = splitImportSections(blocks, markersOf(picks));
    return {
      titleProblem,
      markerProblem,
      metadataProblem: problem === 'metadataRequired' ? problem : null,
      sectionCount: sections.length,
      subsectionCount: sections.reduce((sum, section) => sum + section.children.length, 0),
    };
  }, [picks, blocks]);

  const save = (next: ImportPicks) => {
    clearTimeout(saveTimer.current);
    setIsDirty(true);
    saveTimer.current = setTimeout(() => {
      update.mutate(toUpdate(next), { onSettled: () => setIsDirty(false) });
    }, SAVE_DEBOUNCE_MS);
  };
  useEffect(() => () => clearTimeout(saveTimer.current), []);

  const change = (patch: Partial<ImportPicks>) => {
    if (!picks) return;
    const next = { ...picks, ...patch };
    setPicks(next);
    save(next);
  };

  const goTo = (nextStep: number) => {
    setStep(nextStep);
    if (picks) setMode(stepMode(nextStep, picks));
  };

  const onPick = (block: ImportBlock) => {
    if (!mode || !picks) return;
    if (mode === 'title') {
      change({ titleIndex: block.index, title: block.text });
      setMode('abstract');
    } else if (mode === 'abstract') {
      change({ abstractIndex: block.index, abstract: block.text });
    } else if (mode === 'section') {
      change({ section: block.signature });
      setMode('subsection');
    } else {
      change({ subsection: block.signature });
    }
  };

  const onCreate = async () => {
    if (!picks) return;
    clearTimeout(saveTimer.current);
    try {
      await update.mutateAsync(toUpdate(picks));
      setIsDirty(false);
      const { templateId } = await create.mutateAsync();
      toast.success(t('imports.imported', { title: picks.title.trim() }));
      navigate(templateEditPath(templateId));
    } catch {
      // Shown by the panel from the mutations' errors.
    }
  };

  const back = (
    <Button component={RouterLink} to={TEMPLATES_PATH} startIcon={<ArrowBack />}>
      {t('imports.backToTemplates')}
    </Button>
  );
  const isSaving = isDirty || update.isPending;

  if (query.isError || detail?.state === 'error') {
    return (
      <Stack spacing={3} sx={{ maxWidth: 720 }}>
        <PageHeader title={t('imports.wizardTitle')} />
        <Alert severity="error" role="alert">
          {query.isError
            ? errorText(query.error, lang)
            : codeText(detail?.errorCode ?? 'import_conversion_failed', lang)}
        </Alert>
        <div>{back}</div>
      </Stack>
    );
  }

  if (!detail || !picks || !checks) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', py: 6 }} role="status">
        <CircularProgress aria-hidden />
        <Typography>{t('imports.converting')}</Typography>
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <PageHeader
        title={t('imports.wizardTitle')}
        subtitle={
          <Typography variant="body2" color="text.secondary">
            {detail.name}
          </Typography>
        }
        actions={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Chip
              size="small"
              variant="outlined"
              color={isSaving ? 'warning' : 'success'}
              label={isSaving ? t('imports.updating') : t('imports.upToDate')}
            />
            {back}
          </Stack>
        }
      />
      {detail.templateId && (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={templateEditPath(detail.templateId)}>
              {t('imports.openTemplate')}
            </Button>
          }
        >
          {t('imports.alreadyCreated')}
        </Alert>
      )}
      <Stack
        direction={{ xs: 'column-reverse', md: 'row' }}
        spacing={2}
        sx={{ alignItems: 'flex-start' }}
      >
        <Stack sx={{ flex: 1, minWidth: 0, width: '100%' }} spacing={1}>
          {mode && (
            <Typography variant="body2" color="primary" role="status">
              {t(`imports.clickTo.${mode}`)}
            </Typography>
          )}
          <ImportDocument blocks={blocks} markers={markersOf(picks)} mode={mode} onPick={onPick} />
        </Stack>
        <ImportPanel
          step={step}
          onStep={goTo}
          picks={picks}
          onChange={change}
          mode={mode}
          onMode={setMode}
          titleProblem={checks.titleProblem}
          markerProblem={checks.markerProblem}
          metadataProblem={checks.metadataProblem}
          sectionCount={checks.sectionCount}
          subsectionCount={checks.subsectionCount}
          onResetMarkers={() => setIsResetOpen(true)}
          onCreate={onCreate}
          isCreating={create.isPending || update.isPending}
          createError={
            (create.error ?? update.error) && (
              <Alert severity="error" role="alert">
                {errorText(create.error ?? update.error, lang)}
              </Alert>
            )
          }
        />
      </Stack>
      <ConfirmDialog
        isOpen={isResetOpen}
        title={t('imports.resetTitle')}
        text={t('imports.resetText')}
        confirmLabel={t('imports.reset')}
        onConfirm={() => {
          setIsResetOpen(false);
          change({ section: null, subsection: null });
          setMode('section');
        }}
        onCancel={() => setIsResetOpen(false)}
      />
    </Stack>
  );
}
