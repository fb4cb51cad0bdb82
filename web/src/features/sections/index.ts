/* The front door of sections: what other features may use of it. */

export { documentWriteKey } from './api/section-cache';
export { LazyRichTextEditor } from './components/lazy-rich-text-editor';
export { LeavePrompt } from './components/leave-prompt';
export { RichTextView, richTextSx } from './components/rich-text-view';
export { SaveStatusChip } from './components/save-status-chip';
export { sectionAnchorId } from './components/section-card';
export { SectionList } from './components/section-list';
export type { TocItem } from './components/table-of-contents';
export { scrollToAnchor, TableOfContents } from './components/table-of-contents';
