import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatQuote from '@mui/icons-material/FormatQuote';
import FormatUnderlined from '@mui/icons-material/FormatUnderlined';
import Redo from '@mui/icons-material/Redo';
import Title from '@mui/icons-material/Title';
import Undo from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type en from '../../../locales/en.json';
import { richTextSx } from './rich-text-view';

type ToolName = Exclude<keyof (typeof en)['sections']['editor'], 'toolbar'>;

export type RichTextEditorProps = {
  /** The HTML to start from; later changes of it are not pushed into the editor. */
  value: string;
  onChange: (html: string) => void;
  /** The accessible name of the editing area. */
  label: string;
  autoFocus?: boolean;
};

/**
 * Rich text of a content option (TipTap). Only what the server's allow-list keeps can be
 * produced: paragraphs, headings, bold, italic, underline, lists, quotes, links.
 * Loaded on demand (see lazy-rich-text-editor.tsx): the sign-in pages never download it.
 */
/** Whether a text field (an input, a text area or another editor) has the focus now. */
function isTypingElsewhere(): boolean {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement)) return false;
  return (
    active instanceof HTMLInputElement ||
    active instanceof HTMLTextAreaElement ||
    active.isContentEditable
  );
}

export function RichTextEditor({ value, onChange, label, autoFocus }: RichTextEditorProps) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [3, 4] },
        codeBlock: false,
        code: false,
        link: { openOnClick: false, autolink: true },
      }),
    ],
    content: value,
    // The editor arrives after its code has loaded: if the user is already typing in another
    // field (the section title), taking the focus would send the rest of their keys here.
    autofocus: autoFocus && !isTypingElsewhere() ? 'end' : false,
    editorProps: {
      attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      isBold: current.isActive('bold'),
      isItalic: current.isActive('italic'),
      isUnderline: current.isActive('underline'),
      isHeading: current.isActive('heading', { level: 3 }),
      isBulletList: current.isActive('bulletList'),
      isOrderedList: current.isActive('orderedList'),
      isQuote: current.isActive('blockquote'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });

  const tool = (
    name: ToolName,
    icon: ReactNode,
    isOn: boolean,
    run: () => void,
    isDisabled = false,
  ) => (
    <ToggleButton
      value={name}
      size="small"
      selected={isOn}
      disabled={isDisabled}
      aria-label={t(`sections.editor.${name}`)}
      title={t(`sections.editor.${name}`)}
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
      sx={{ border: 0, borderRadius: 1 }}
    >
      {icon}
    </ToggleButton>
  );
  const chain = () => editor.chain().focus();
  return (
    <Box
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        '&:focus-within': { borderColor: 'primary.main' },
      }}
    >
      <Stack
        direction="row"
        role="toolbar"
        aria-label={t('sections.editor.toolbar')}
        sx={{ flexWrap: 'wrap', gap: 0.25, p: 0.5, borderBottom: 1, borderColor: 'divider' }}
      >
        {tool('bold', <FormatBold fontSize="small" />, state.isBold, () =>
          chain().toggleBold().run(),
        )}
        {tool('italic', <FormatItalic fontSize="small" />, state.isItalic, () =>
          chain().toggleItalic().run(),
        )}
        {tool('underline', <FormatUnderlined fontSize="small" />, state.isUnderline, () =>
          chain().toggleUnderline().run(),
        )}
        {tool('heading', <Title fontSize="small" />, state.isHeading, () =>
          chain().toggleHeading({ level: 3 }).run(),
        )}
        <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
        {tool('bulletList', <FormatListBulleted fontSize="small" />, state.isBulletList, () =>
          chain().toggleBulletList().run(),
        )}
        {tool('orderedList', <FormatListNumbered fontSize="small" />, state.isOrderedList, () =>
          chain().toggleOrderedList().run(),
        )}
        {tool('quote', <FormatQuote fontSize="small" />, state.isQuote, () =>
          chain().toggleBlockquote().run(),
        )}
        <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
        {tool('undo', <Undo fontSize="small" />, false, () => chain().undo().run(), !state.canUndo)}
        {tool('redo', <Redo fontSize="small" />, false, () => chain().redo().run(), !state.canRedo)}
      </Stack>
      <Box
        sx={{
          ...richTextSx,
          px: 1.5,
          '& .tiptap': { minHeight: 96, outline: 'none', py: 1 },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}
