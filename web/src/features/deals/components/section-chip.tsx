import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../ui/format';
import type { SectionChip as Chipped } from '../types';

const colours = {
  sent: 'default',
  countered: 'warning',
  agreed: 'success',
  reopened: 'info',
} as const;

/** A section's state chip: 'Sent', 'Agreed', 'New version created', 'Reopened' with who and when. */
export function SectionStateChip({ chip }: { chip: Chipped | null }) {
  const { t } = useTranslation();
  if (!chip) return null;
  const label = t('deals.section.chip', {
    text: t(`deals.section.chip_${chip.kind}`),
    party: chip.partyName || t(`deals.party.${chip.party}`),
    time: formatDateTime(chip.time),
  });
  return <Chip size="small" color={colours[chip.kind]} label={label} variant="outlined" />;
}
