import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { type ImportBlock, type ImportMarkers, matchesMarker } from '@pactum/core/imports';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** What a click in the document picks. */
export type PickMode = 'title' | 'abstract' | 'section' | 'subsection';

type ImportDocumentProps = {
  blocks: ImportBlock[];
  markers: ImportMarkers;
  /** What a click picks now; null when the current step picks nothing. */
  mode: PickMode | null;
  onPick: (block: ImportBlock) => void;
};

/** The role of a block under the current picks, as its label chip names it. */
function roleOf(block: ImportBlock, markers: ImportMarkers): PickMode | null {
  if (block.index === markers.titleIndex) return 'title';
  if (block.index === markers.abstractIndex) return 'abstract';
  if (matchesMarker(block, markers.section)) return 'section';
  if (matchesMarker(block, markers.subsection)) return 'subsection';
  return null;
}

/**
 * The converted Word document, block by block (spec 2 §2.1): the user clicks a block to pick
 * it as the title or abstract, or to take its look as the section or subsection marker. The
 * blocks' HTML was sanitised on the server.
 */
export function ImportDocument({ blocks, markers, mode, onPick }: ImportDocumentProps) {
  const { t } = useTranslation();
  const onKey = (event: KeyboardEvent, block: ImportBlock) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onPick(block);
    }
  };
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-label={t('imports.document')}
      sx={{
        p: { xs: 2, sm: 4 },
        minWidth: 0,
        overflowWrap: 'anywhere',
        '& h1': { fontSize: '1.75rem', my: 1 },
        '& h2': { fontSize: '1.35rem', my: 1 },
        '& h3, & h4, & h5, & h6': { fontSize: '1.1rem', my: 1 },
        '& p, & ul, & ol': { my: 0.75 },
      }}
    >
      <Stack spacing={0.5}>
        {blocks.map((block) => {
          const role = roleOf(block, markers);
          const isPickable = mode !== null;
          return (
            <Box
              key={block.index}
              data-block={block.index}
              {...(isPickable
                ? {
                    role: 'button',
                    tabIndex: 0,
                    'aria-label': block.text.slice(0, 200) || block.tag,
                    'aria-pressed': role !== null,
                    onClick: () => onPick(block),
                    onKeyDown: (event: KeyboardEvent) => onKey(event, block),
                  }
                : {})}
              sx={{
                position: 'relative',
                px: 1.5,
                py: 0.25,
                borderLeft: 3,
                borderColor: role ? 'primary.main' : 'transparent',
                bgcolor: role === 'title' || role === 'abstract' ? 'action.selected' : undefined,
                cursor: isPickable ? 'pointer' : undefined,
                '&:hover': isPickable ? { bgcolor: 'action.hover' } : undefined,
                '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
                '& table': { borderCollapse: 'collapse' },
                '& td, & th': { border: 1, borderColor: 'divider', p: 0.5 },
              }}
            >
              {role && (
                <Chip
                  aria-hidden
                  size="small"
                  color="primary"
                  label={t(`imports.roles.${role}`)}
                  sx={{ position: 'absolute', right: 4, top: 4 }}
                />
              )}
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server */}
              <div dangerouslySetInnerHTML={{ __html: block.html }} />
            </Box>
          );
        })}
      </Stack>
    </Paper>
  );
}
