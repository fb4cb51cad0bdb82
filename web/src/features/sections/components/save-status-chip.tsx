import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import { useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { documentWriteKey } from '../api/section-cache';
import type { SectionDocument } from '../types';

type SaveStatusChipProps = SectionDocument & {
  /** A save the page does outside the section calls (e.g. a debounced title). */
  isSaving?: boolean;
};

/**
 * The toolbar's save status (spec 2 §2.1): 'Document is updating...' while any write to the
 * document is under way, otherwise 'Document is up to date.'. Read out politely on change.
 */
export function SaveStatusChip({ collection, documentId, isSaving = false }: SaveStatusChipProps) {
  const { t } = useTranslation();
  const writes = useIsMutating({ mutationKey: documentWriteKey({ collection, documentId }) });
  const isUpdating = isSaving || writes > 0;
  return (
    <Chip
      role="status"
      aria-live="polite"
      size="small"
      variant="outlined"
      color={isUpdating ? 'default' : 'success'}
      icon={isUpdating ? <CircularProgress size={14} sx={{ ml: 0.75 }} /> : <CheckCircleOutline />}
      label={isUpdating ? t('sections.updating') : t('sections.upToDate')}
    />
  );
}
