import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type Party, type PartyType, partyTypes } from '@pactum/core/documents';
import { isEmail } from '@pactum/core/drafts';
import { messageKey, translateMessage } from '@pactum/core/validation';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../ui/use-lang';

const SHORT_MAX = 250;
const ADDRESS_MAX = 1000;

type PartyField = 'name' | 'vat' | 'address' | 'email' | 'social';

/** The message key of a party field's problem, or undefined (spec 2 §5 party validity). */
export function partyFieldError(party: Party, field: PartyField): string | undefined {
  const value = (party[field] ?? '').trim();
  if (field === 'name' && !value) return messageKey('required');
  if (field === 'email' && party.type === 'person') {
    if (!value) return messageKey('required');
    if (!isEmail(value.toLowerCase())) return messageKey('email');
  }
  const max = field === 'address' ? ADDRESS_MAX : SHORT_MAX;
  if (value.length > max) return messageKey('maxLength', { n: max });
  return undefined;
}

type PartyFieldsProps = {
  party: Party;
  onChange: (party: Party) => void;
  disabled?: boolean;
  /** Errors are shown for fields the user has changed, or all after a failed submit. */
  isShowingErrors?: boolean;
  /** Which fields have been touched; all when `isShowingErrors`. */
  touched?: ReadonlySet<PartyField>;
  onTouch?: (field: PartyField) => void;
};

/**
 * A party's details (spec 2 §3 party): a business has a company name, a business id and an
 * address; a person has a name, an e-mail and a social security or passport number.
 */
export function PartyFields({
  party,
  onChange,
  disabled,
  isShowingErrors = false,
  touched,
  onTouch,
}: PartyFieldsProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const typeLabelId = useId();
  const fields: {
    name: PartyField;
    label: string;
    wide?: boolean;
    multiline?: boolean;
    autoComplete?: string;
  }[] =
    party.type === 'business'
      ? [
          {
            name: 'name',
            label: t('drafts.party.companyName'),
            wide: true,
            autoComplete: 'organization',
          },
          { name: 'vat', label: t('drafts.party.vat') },
          { name: 'address', label: t('drafts.party.address'), wide: true, multiline: true },
        ]
      : [
          { name: 'name', label: t('drafts.party.personName'), wide: true, autoComplete: 'name' },
          { name: 'email', label: t('drafts.party.email'), autoComplete: 'email' },
          { name: 'social', label: t('drafts.party.social') },
        ];
  const setType = (type: PartyType) => onChange({ ...party, type });
  return (
    <Stack spacing={2}>
      <div>
        <FormLabel id={typeLabelId}>{t('drafts.party.type')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby={typeLabelId}
          value={party.type}
          onChange={(event) => setType(event.target.value as PartyType)}
        >
          {partyTypes.map((type) => (
            <FormControlLabel
              key={type}
              value={type}
              disabled={disabled}
              control={<Radio />}
              label={t(`drafts.party.types.${type}`)}
            />
          ))}
        </RadioGroup>
      </div>
      <Grid container spacing={2}>
        {fields.map((field) => {
          const error = partyFieldError(party, field.name);
          const isShown = Boolean(error) && (isShowingErrors || touched?.has(field.name));
          return (
            <Grid key={field.name} size={{ xs: 12, sm: field.wide ? 12 : 6 }}>
              <TextField
                label={field.label}
                value={party[field.name] ?? ''}
                onChange={(event) => onChange({ ...party, [field.name]: event.target.value })}
                onBlur={() => onTouch?.(field.name)}
                required={
                  field.name === 'name' || (field.name === 'email' && party.type === 'person')
                }
                disabled={disabled}
                multiline={field.multiline}
                minRows={field.multiline ? 2 : undefined}
                autoComplete={field.autoComplete}
                type={field.name === 'email' ? 'email' : 'text'}
                error={isShown}
                helperText={isShown && error ? translateMessage(error, lang) : undefined}
                fullWidth
              />
            </Grid>
          );
        })}
      </Grid>
    </Stack>
  );
}

export type { PartyField };
