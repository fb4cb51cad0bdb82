import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { sendProcesses } from '@pactum/core/drafts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { draftPath } from '../../documents';

type SendProcess = (typeof sendProcesses)[number];

type ProcessStepProps = {
  draftId: string;
  process: SendProcess | null;
  onChange: (process: SendProcess) => void;
  /** Sections whose chosen text still has required-highlighted text (spec 2 §5). */
  highlighted: { id: string; title: string }[];
  disabled?: boolean;
};

/**
 * Select process: sign only, or negotiate then sign. Required-highlighted text blocks signing
 * (it must be changed first, or negotiate chosen) and only warns when negotiating.
 */
export function ProcessStep({
  draftId,
  process,
  onChange,
  highlighted,
  disabled,
}: ProcessStepProps) {
  const { t } = useTranslation();
  const links = highlighted.map((section, index) => (
    <span key={section.id}>
      {index > 0 && ', '}
      <Link component={RouterLink} to={`${draftPath(draftId, 'edit')}#sec=${section.id}`}>
        {section.title || t('drafts.send.process.untitled')}
      </Link>
    </span>
  ));
  return (
    <Stack spacing={2}>
      <RadioGroup
        aria-label={t('drafts.send.process.title')}
        value={process ?? ''}
        onChange={(event) => onChange(event.target.value as SendProcess)}
      >
        {sendProcesses.map((option) => (
          <FormControlLabel
            key={option}
            value={option}
            disabled={disabled}
            control={<Radio />}
            label={
              <span>
                <Typography component="span" sx={{ fontWeight: 500 }}>
                  {t(`drafts.send.process.${option}`)}
                </Typography>
                <Typography
                  component="span"
                  variant="body2"
                  color="text.secondary"
                  sx={{ display: 'block' }}
                >
                  {t(`drafts.send.process.${option}Text`)}
                </Typography>
              </span>
            }
            sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.5 } }}
          />
        ))}
      </RadioGroup>
      {highlighted.length > 0 && process === 'sign' && (
        <Alert severity="error" role="alert">
          {t('drafts.send.process.blocked')} {links}
        </Alert>
      )}
      {highlighted.length > 0 && process === 'negotiate' && (
        <Alert severity="warning">
          {t('drafts.send.process.highlightWarning')} {links}
        </Alert>
      )}
    </Stack>
  );
}
