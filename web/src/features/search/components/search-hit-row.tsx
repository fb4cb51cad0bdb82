import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { tagChips } from '@pactum/core/search';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../ui/visually-hidden';
import { hitPlace } from '../search-rules';
import type { SearchHit } from '../types';
import { ExcerptText } from './excerpt-text';

const kindIcons = {
  deal: DescriptionOutlined,
  'archive-file': PictureAsPdfOutlined,
  'archive-folder': FolderOutlined,
} as const;

type SearchHitRowProps = {
  hit: SearchHit;
  /** The option's id, named by the field's `aria-activedescendant` while it is active. */
  id: string;
  isActive: boolean;
  isOpening: boolean;
  onOpen: () => void;
  ref?: Ref<HTMLLIElement>;
};

/**
 * One result: the kind's icon, the title (and a deal's state), where the words were found, the
 * excerpt with its marks, and up to three tags then '+N'. Named by its title, described by
 * the rest, so a screen reader says which document and why.
 */
export function SearchHitRow({ hit, id, isActive, isOpening, onOpen, ref }: SearchHitRowProps) {
  const { t } = useTranslation();
  const Icon = kindIcons[hit.kind];
  const place = hitPlace(hit);
  const { shown, more } = tagChips(hit.tags);
  const hasParties = hit.kind === 'deal' && Boolean(hit.senderName || hit.receiverName);
  const details = [
    t(`search.kind.${place.kind}`),
    t(`search.foundIn.${place.field}`, { page: place.page ?? '' }),
    ...(hasParties
      ? [t('search.parties', { sender: hit.senderName ?? '', receiver: hit.receiverName ?? '' })]
      : []),
  ].join(' · ');
  return (
    <ListItemButton
      ref={ref}
      component="li"
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={isActive}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-details`}
      aria-busy={isOpening || undefined}
      selected={isActive}
      onClick={onOpen}
      divider
      sx={{ alignItems: 'flex-start', gap: 0.5, py: 1.25 }}
    >
      <ListItemIcon sx={{ minWidth: 40, mt: 0.25 }}>
        <Icon color={hit.kind === 'deal' ? 'primary' : 'action'} />
      </ListItemIcon>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography id={`${id}-title`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {hit.title}
          </Typography>
          {hit.state && (
            <Chip size="small" variant="outlined" label={t(`search.state.${hit.state}`)} />
          )}
          {isOpening && <CircularProgress size={16} aria-label={t('search.opening')} />}
        </Stack>
        <Box id={`${id}-details`}>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {details}
          </Typography>
          {hit.excerpt.length > 0 && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere', mt: 0.25 }}>
              <ExcerptText parts={hit.excerpt} />
            </Typography>
          )}
        </Box>
        {shown.length > 0 && (
          <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', mt: 0.75 }}>
            {shown.map((tag) => (
              <Chip key={tag} size="small" label={tag} />
            ))}
            {more > 0 && (
              <Chip
                size="small"
                variant="outlined"
                label={
                  <>
                    <span aria-hidden>{t('search.moreTags', { count: more })}</span>
                    <Box component="span" sx={visuallyHidden}>
                      {t('search.moreTagsLabel', { count: more })}
                    </Box>
                  </>
                }
              />
            )}
          </Stack>
        )}
      </Box>
    </ListItemButton>
  );
}
