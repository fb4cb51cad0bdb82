import Box from '@mui/material/Box';
import type { ExcerptPart } from '@pactum/core/search';

/**
 * An excerpt with the words that matched in `<mark>`. The highlights are data from the server
 * (parts with `hit`), rendered as text: nothing of a document is ever read as HTML.
 */
export function ExcerptText({ parts }: { parts: ExcerptPart[] }) {
  return parts.map((part, index) =>
    part.hit ? (
      // The parts are one fixed sequence; their order is their identity.
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      <Box component="mark" key={index} sx={markSx}>
        {part.text}
      </Box>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      <span key={index}>{part.text}</span>
    ),
  );
}

const markSx = {
  bgcolor: 'rgba(255, 200, 40, 0.45)',
  color: 'inherit',
  fontWeight: 600,
  borderRadius: 0.5,
  px: 0.25,
} as const;
