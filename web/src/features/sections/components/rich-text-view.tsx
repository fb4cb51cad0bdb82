import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/** How contract text looks, in the editor and when shown. */
export const richTextSx = {
  overflowWrap: 'anywhere',
  '& p': { my: 1 },
  '& h3, & h4': { mt: 2, mb: 1, fontWeight: 600 },
  '& ul, & ol': { pl: 3, my: 1 },
  '& blockquote': { borderLeft: 3, borderColor: 'divider', pl: 2, ml: 0, color: 'text.secondary' },
  '& a': { color: 'primary.main' },
  '& table': { borderCollapse: 'collapse' },
  '& td, & th': { border: 1, borderColor: 'divider', p: 0.5 },
  '& > :first-of-type': { mt: 0 },
  '& > :last-child': { mb: 0 },
} satisfies SxProps<Theme>;

type RichTextViewProps = {
  /** HTML the server has sanitised with its allow-list (only such HTML is ever rendered). */
  html: string;
  sx?: SxProps<Theme>;
};

/** Contract text as stored: the server's sanitised HTML. */
export function RichTextView({ html, sx }: RichTextViewProps) {
  return (
    <Box
      sx={[richTextSx, ...(Array.isArray(sx) ? sx : [sx])]}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server with the allow-list of platform/html/sanitize.ts before it was stored.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
