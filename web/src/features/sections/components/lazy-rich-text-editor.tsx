import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './rich-text-editor';

const RichTextEditor = lazy(() =>
  import('./rich-text-editor').then((module) => ({ default: module.RichTextEditor })),
);

/** The rich text editor, downloaded the first time a section is opened in editing. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={140} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
