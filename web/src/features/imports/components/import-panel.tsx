import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import StepContent from '@mui/material/StepContent';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { type ImportMessageKey, importMessages } from '@pactum/core/imports';
import {
  categoryLabels,
  templateCategories,
  templateLanguages,
  templateRegions,
} from '@pactum/core/templates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLang } from '../../../ui/use-lang';
import { visuallyHidden } from '../../../ui/visually-hidden';
import { useSupportContact } from '../../support';
import { EXAMPLE_DOCX_URL, IMPORT_UPLOAD_PATH } from '../import-paths';
import type { PickMode } from './import-document';

/** The import panel's width (spec 2 §9). */
export const IMPORT_PANEL_WIDTH = 450;

export type ImportPicks = {
  title: string;
  abstract: string;
  titleIndex: number | null;
  abstractIndex: number | null;
  section: string | null;
  subsection: string | null;
  category: string;
  language: string;
  region: string;
};

type ImportPanelProps = {
  step: number;
  onStep: (step: number) => void;
  picks: ImportPicks;
  onChange: (patch: Partial<ImportPicks>) => void;
  mode: PickMode | null;
  onMode: (mode: PickMode) => void;
  titleProblem: ImportMessageKey | null;
  markerProblem: ImportMessageKey | null;
  metadataProblem: ImportMessageKey | null;
  sectionCount: number;
  subsectionCount: number;
  onResetMarkers: () => void;
  onCreate: () => void;
  isCreating: boolean;
  createError: ReactNode;
};

/** 'p.strong' as words: 'Paragraph, bold'. */
function useDescribeMarker() {
  const { t } = useTranslation();
  return (signature: string | null) => {
    if (!signature) return t('imports.markerNone');
    const [tag = '', ...styles] = signature.split('.');
    const tagName = t(`imports.tags.${tag}`, { defaultValue: tag.toUpperCase() });
    return [
      tagName,
      ...styles.map((style) => t(`imports.styles.${style}`, { defaultValue: style })),
    ].join(', ');
  };
}

/**
 * The wizard's right-hand panel (spec 2 §2.1, §4.3): How to import, Select template title,
 * Mark sections, Additional metadata, and Upload new Word document. Step 3 opens when the
 * title is complete, step 4 when sections are marked.
 */
export function ImportPanel(props: ImportPanelProps) {
  const { t } = useTranslation();
  const helpUrl = useSupportContact()?.helpUrl;
  const lang = useLang();
  const describe = useDescribeMarker();
  const { step, picks, onChange, titleProblem, markerProblem, metadataProblem } = props;
  const message = (key: ImportMessageKey | null) => (key ? importMessages[lang][key] : undefined);
  const canReach = [true, true, !titleProblem, !titleProblem && !markerProblem];
  const isTitleTouched = picks.titleIndex !== null || picks.title !== '';

  const next = (enabled: boolean) => (
    <Button variant="contained" disabled={!enabled} onClick={() => props.onStep(step + 1)}>
      {t('imports.next')}
    </Button>
  );

  return (
    <Paper
      variant="outlined"
      component="aside"
      aria-label={t('imports.panel')}
      sx={{
        width: { xs: '100%', md: IMPORT_PANEL_WIDTH },
        flexShrink: 0,
        p: 2,
        alignSelf: 'flex-start',
        // Stays in view while the user scrolls the document to pick in it.
        position: { md: 'sticky' },
        top: { md: 80 },
        maxHeight: { md: 'calc(100vh - 96px)' },
        overflowY: { md: 'auto' },
      }}
    >
      <Stepper activeStep={step} orientation="vertical" nonLinear>
        <Step completed={step > 0}>
          <StepButton onClick={() => props.onStep(0)}>{t('imports.steps.howTo')}</StepButton>
          <StepContent>
            <Stack spacing={1.5}>
              <Typography variant="body2">{t('imports.howTo.intro')}</Typography>
              <Typography variant="body2">{t('imports.howTo.markers')}</Typography>
              <Typography variant="body2">{t('imports.howTo.numbers')}</Typography>
              <Typography variant="body2">
                <Link href={EXAMPLE_DOCX_URL} download>
                  {t('imports.example')}
                </Link>
                {helpUrl && (
                  <>
                    {' · '}
                    <Link href={helpUrl} target="_blank" rel="noopener noreferrer">
                      {t('imports.knowledgeBase')}
                      <Box component="span" sx={visuallyHidden}>
                        {` ${t('support.newTab')}`}
                      </Box>
                    </Link>
                  </>
                )}
              </Typography>
              <Box>{next(true)}</Box>
            </Stack>
          </StepContent>
        </Step>

        <Step completed={step > 1 && !titleProblem}>
          <StepButton onClick={() => props.onStep(1)}>{t('imports.steps.title')}</StepButton>
          <StepContent>
            <Stack spacing={2}>
              <Typography variant="body2">{t('imports.titleHelp')}</Typography>
              <PickModeToggle
                mode={props.mode}
                onMode={props.onMode}
                modes={[
                  ['title', t('imports.pickTitle')],
                  ['abstract', t('imports.pickAbstract')],
                ]}
              />
              <TextField
                label={t('imports.templateTitle')}
                value={picks.title}
                onChange={(event) => onChange({ title: event.target.value })}
                error={isTitleTouched && Boolean(titleProblem)}
                helperText={isTitleTouched ? message(titleProblem) : undefined}
                size="small"
              />
              <TextField
                label={t('imports.abstract')}
                value={picks.abstract}
                onChange={(event) => onChange({ abstract: event.target.value })}
                multiline
                minRows={2}
                maxRows={6}
                size="small"
              />
              <Box>{next(!titleProblem)}</Box>
            </Stack>
          </StepContent>
        </Step>

        <Step completed={step > 2 && !markerProblem} disabled={!canReach[2]}>
          <StepButton onClick={() => props.onStep(2)}>{t('imports.steps.sections')}</StepButton>
          <StepContent>
            <Stack spacing={2}>
              <Typography variant="body2">{t('imports.sectionsHelp')}</Typography>
              <PickModeToggle
                mode={props.mode}
                onMode={props.onMode}
                modes={[
                  ['section', t('imports.pickSection')],
                  ['subsection', t('imports.pickSubsection')],
                ]}
              />
              <Stack spacing={1}>
                <Typography variant="body2">
                  {t('imports.sectionMarker')} <Chip size="small" label={describe(picks.section)} />
                </Typography>
                <Typography variant="body2">
                  {t('imports.subsectionMarker')}{' '}
                  <Chip size="small" label={describe(picks.subsection)} />
                </Typography>
                <Typography variant="body2" role="status">
                  {t('imports.found', {
                    sections: props.sectionCount,
                    subsections: props.subsectionCount,
                  })}
                </Typography>
              </Stack>
              {picks.section && markerProblem && (
                <Alert severity="warning">{message(markerProblem)}</Alert>
              )}
              <Stack direction="row" spacing={1}>
                {next(!markerProblem)}
                <Button
                  onClick={props.onResetMarkers}
                  disabled={!picks.section && !picks.subsection}
                >
                  {t('imports.resetMarkers')}
                </Button>
              </Stack>
            </Stack>
          </StepContent>
        </Step>

        <Step disabled={!canReach[3]}>
          <StepButton onClick={() => props.onStep(3)}>{t('imports.steps.metadata')}</StepButton>
          <StepContent>
            <Stack spacing={2}>
              <ChoiceSelect
                label={t('imports.category')}
                value={picks.category}
                onChange={(category) => onChange({ category })}
                options={templateCategories.map((category) => ({
                  value: category,
                  label: categoryLabels[lang][category],
                }))}
              />
              <ChoiceSelect
                label={t('imports.language')}
                value={picks.language}
                onChange={(language) => onChange({ language })}
                options={templateLanguages.map((language) => ({
                  value: language.code,
                  label: language.name,
                }))}
              />
              <ChoiceSelect
                label={t('imports.region')}
                value={picks.region}
                onChange={(region) => onChange({ region })}
                options={templateRegions.map((region) => ({
                  value: region.code,
                  label: region.name,
                }))}
              />
              {props.createError}
              <Box>
                <Button
                  variant="contained"
                  loading={props.isCreating}
                  disabled={Boolean(titleProblem || markerProblem || metadataProblem)}
                  onClick={props.onCreate}
                >
                  {t('imports.create')}
                </Button>
              </Box>
            </Stack>
          </StepContent>
        </Step>
      </Stepper>
      <Box sx={{ mt: 2, pl: 1 }}>
        <Button component={RouterLink} to={IMPORT_UPLOAD_PATH} startIcon={<UploadFile />}>
          {t('imports.uploadNew')}
        </Button>
      </Box>
    </Paper>
  );
}

/** A native select of the metadata step, 'Choose…' first. */
function ChoiceSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      size="small"
    >
      <option value="">{t('imports.chooseOption')}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

/** What a click in the document picks in this step: one of two modes. */
function PickModeToggle({
  mode,
  onMode,
  modes,
}: {
  mode: PickMode | null;
  onMode: (mode: PickMode) => void;
  modes: [PickMode, string][];
}) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={mode}
      onChange={(_event, picked: PickMode | null) => picked && onMode(picked)}
      aria-label={t('imports.pickWhat')}
    >
      {modes.map(([value, label]) => (
        <ToggleButton key={value} value={value}>
          {label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
