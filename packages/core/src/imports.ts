import { z } from 'zod';
import type { ErrorCode } from './errors';
import { htmlToText } from './html-text';
import { templateCategories, templateLanguageCodes, templateRegionCodes } from './templates';
import { plainText } from './validation';

/**
 * Word import (spec 2 §2.1 import wizard, §3 template import, §4.3, §5). The server turns the
 * .docx into sanitised HTML; `splitImportBlocks` cuts that HTML into its top-level blocks,
 * each with a stable index (its place in the document) and a signature describing how it
 * looks (`h1`, `p.strong`, `ol`). The wizard shows the blocks; the user picks one block as
 * the title, one as the abstract, and a block's signature as the section marker (and another
 * as the subsection marker). Every block with the section marker's signature starts a
 * section, every block with the subsection marker's signature a subsection of the section
 * before it; the blocks up to the next marker are its content (`splitImportSections`).
 */

export const importStates = ['new', 'loading', 'ready', 'error'] as const;
export type ImportState = (typeof importStates)[number];

/** Import title must be longer than this (spec 2 §9). */
export const IMPORT_TITLE_MIN_EXCLUSIVE = 4;
/** How often the wizard polls a converting import (the spec's 100 ms is needlessly fast). */
export const IMPORT_POLL_MS = 500;
/** Caps on the unpacked .docx, read from the zip's central directory before conversion. */
export const DOCX_MAX_UNPACKED_BYTES = 50 * 1024 * 1024;
export const DOCX_MAX_ENTRIES = 2000;

/** One top-level block of the imported document. */
export type ImportBlock = {
  index: number;
  tag: string;
  /** Tag plus the emphasis wrapping all of its text: `h2`, `p.strong`, `p.em.strong`. */
  signature: string;
  html: string;
  text: string;
};

/** What the user picked in the wizard (stored as the import's `markers`). */
export type ImportMarkers = {
  section?: string | null;
  subsection?: string | null;
  titleIndex?: number | null;
  abstractIndex?: number | null;
};

export type ImportedSection = {
  title: string;
  html: string;
  children: { title: string; html: string }[];
};

/** Message keys of the import rules; `importMessages` has their en and fi texts. */
export type ImportMessageKey =
  | 'noTitle'
  | 'titleTooShort'
  | 'noSections'
  | 'tooSimilar'
  | 'metadataRequired'
  | 'notReady'
  | 'notZip'
  | 'notDocx'
  | 'tooManyEntries'
  | 'tooLarge'
  | 'conversionFailed';

export const importMessages: Record<'en' | 'fi', Record<ImportMessageKey, string>> = {
  en: {
    noTitle: 'No fitting title text found :(',
    titleTooShort: 'The title must be longer than 4 characters.',
    noSections: 'Please mark at least one section.',
    tooSimilar:
      'Sorry, your titles and subtitles too similar to process. Please check the "How to import" section.',
    metadataRequired: 'Please choose the category, language and region.',
    notReady: 'The document is still being converted.',
    notZip: 'The file is not a Word document (.docx): it could not be opened.',
    notDocx: 'The file is not a Word document (.docx): it has no document body.',
    tooManyEntries: 'The Word document has too many parts (more than 2000) to import.',
    tooLarge: 'The Word document unpacks to more than 50 Mb and cannot be imported.',
    conversionFailed: 'The Word document could not be converted.',
  },
  fi: {
    noTitle: 'Sopivaa otsikkotekstiä ei löytynyt :(',
    titleTooShort: 'Otsikon on oltava yli 4 merkkiä pitkä.',
    noSections: 'Merkitse vähintään yksi osio.',
    tooSimilar:
      'Valitettavasti otsikot ja alaotsikot ovat liian samanlaisia käsiteltäväksi. Katso ohjeet kohdasta "Näin tuot asiakirjan".',
    metadataRequired: 'Valitse kategoria, kieli ja alue.',
    notReady: 'Asiakirjaa muunnetaan vielä.',
    notZip: 'Tiedosto ei ole Word-asiakirja (.docx): sitä ei voitu avata.',
    notDocx: 'Tiedosto ei ole Word-asiakirja (.docx): siinä ei ole asiakirjan sisältöä.',
    tooManyEntries: 'Word-asiakirjassa on liian monta osaa (yli 2000) tuotavaksi.',
    tooLarge: 'Word-asiakirja purkautuu yli 50 Mb:n kokoiseksi, eikä sitä voi tuoda.',
    conversionFailed: 'Word-asiakirjaa ei voitu muuntaa.',
  },
};

/** The API's error code of each refusal of the import rules. */
export const importErrorCodes = {
  noTitle: 'import_no_title',
  titleTooShort: 'import_title_too_short',
  noSections: 'import_no_sections',
  tooSimilar: 'import_too_similar',
  metadataRequired: 'import_metadata_required',
  notReady: 'import_not_ready',
  notZip: 'import_not_zip',
  notDocx: 'import_not_docx',
  tooManyEntries: 'import_too_many_entries',
  tooLarge: 'import_too_large',
  conversionFailed: 'import_conversion_failed',
} as const satisfies Record<ImportMessageKey, ErrorCode>;

const VOID_TAGS = new Set(['br', 'hr', 'img', 'col', 'wbr', 'input', 'meta', 'link']);
const TAG_PATTERN = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*?(\/?)>/g;

/** Emphasis that wraps all of a block's text, as signature classes. */
const EMPHASIS: [string, RegExp][] = [
  ['em', /<(em|i)\b[^>]*>[\s\S]*?<\/\1>/gi],
  ['strong', /<(strong|b)\b[^>]*>[\s\S]*?<\/\1>/gi],
  ['u', /<(u)\b[^>]*>[\s\S]*?<\/\1>/gi],
];

function signatureOf(tag: string, inner: string, text: string): string {
  if (!text) return tag;
  const classes = EMPHASIS.filter(
    ([, pattern]) => htmlToText(inner.replace(pattern, '')) === '',
  ).map(([name]) => name);
  return [tag, ...classes].join('.');
}

/**
 * The top-level blocks of sanitised HTML, in order, indexed from 0. Text between top-level
 * elements becomes a paragraph of its own so nothing of the document is lost.
 */
export function splitImportBlocks(html: string): ImportBlock[] {
  const blocks: ImportBlock[] = [];
  const push = (tag: string, blockHtml: string, inner: string) => {
    const text = htmlToText(inner);
    blocks.push({
      index: blocks.length,
      tag,
      signature: signatureOf(tag, inner, text),
      html: blockHtml,
      text,
    });
  };
  const pushText = (text: string) => {
    if (text.trim()) push('p', `<p>${text.trim()}</p>`, text.trim());
  };
  let depth = 0;
  let start = 0;
  let openTag = '';
  let innerStart = 0;
  let last = 0;
  for (const match of html.matchAll(TAG_PATTERN)) {
    const [token, closing, rawName, selfClosing] = match;
    if (rawName === undefined) continue; // a comment
    const name = rawName.toLowerCase();
    const at = match.index;
    const isVoid = VOID_TAGS.has(name) || selfClosing === '/';
    if (!closing) {
      if (depth === 0) {
        pushText(html.slice(last, at));
        if (isVoid) {
          if (name !== 'br') push(name, token, '');
          last = at + token.length;
          continue;
        }
        start = at;
        openTag = name;
        innerStart = at + token.length;
      }
      if (!isVoid) depth += 1;
    } else if (depth > 0) {
      depth -= 1;
      if (depth === 0) {
        push(openTag, html.slice(start, at + token.length), html.slice(innerStart, at));
        last = at + token.length;
      }
    }
  }
  if (depth > 0) {
    push(openTag, html.slice(start), html.slice(innerStart));
  } else {
    pushText(html.slice(last));
  }
  return blocks;
}

function normaliseSignature(signature: string): string {
  const [tag = '', ...classes] = signature.trim().toLowerCase().split('.');
  return [tag, ...classes.filter(Boolean).sort()].join('.');
}

/**
 * Whether the subsection marker cannot be told apart from the section marker: the same
 * signature (in any class order), so every section title would also be a subsection title.
 */
export function areMarkersTooSimilar(section: string, subsection: string): boolean {
  return normaliseSignature(section) === normaliseSignature(subsection);
}

/** Whether a block carries the marker. */
export function matchesMarker(block: ImportBlock, marker: string | null | undefined): boolean {
  return !!marker && normaliseSignature(block.signature) === normaliseSignature(marker);
}

/** Strips numbering like '1.', '2.3', '4)', '§ 5' from the start of an imported title. */
export function stripLeadingNumber(title: string): string {
  const stripped = title.replace(/^\s*(?:§\s*)?\d+(?:\.\d+)*[.)]?(?=\s|$)\s*/, '').trim();
  return stripped || title.trim();
}

/**
 * The sections of the document under the markers. Blocks before the first section marker
 * (the title, the abstract, front matter) are not part of any section; the title and
 * abstract blocks are left out wherever they are. A subsection marker before the first
 * section counts as front matter too.
 */
export function splitImportSections(
  blocks: ImportBlock[],
  markers: ImportMarkers,
): ImportedSection[] {
  const sections: ImportedSection[] = [];
  const subsection =
    markers.subsection &&
    markers.section &&
    !areMarkersTooSimilar(markers.section, markers.subsection)
      ? markers.subsection
      : null;
  let current: { html: string } | undefined;
  for (const block of blocks) {
    if (block.index === markers.titleIndex || block.index === markers.abstractIndex) continue;
    if (matchesMarker(block, markers.section)) {
      const section: ImportedSection = {
        title: stripLeadingNumber(block.text),
        html: '',
        children: [],
      };
      sections.push(section);
      current = section;
    } else if (subsection && matchesMarker(block, subsection) && sections.length > 0) {
      const child = { title: stripLeadingNumber(block.text), html: '' };
      sections.at(-1)?.children.push(child);
      current = child;
    } else if (current) {
      current.html += block.html;
    }
  }
  return sections;
}

/** What creating the template from an import needs, as the wizard and the server check it. */
export type ImportTemplateInput = {
  title: string | null | undefined;
  markers: ImportMarkers;
  category: string | null | undefined;
  language: string | null | undefined;
  region: string | null | undefined;
};

/** The first rule the import breaks (spec 2 §5), or null when a template can be made. */
export function checkImportForTemplate(
  input: ImportTemplateInput,
  blocks: ImportBlock[],
): ImportMessageKey | null {
  const title = (input.title ?? '').trim();
  if (!title) return 'noTitle';
  if (title.length <= IMPORT_TITLE_MIN_EXCLUSIVE) return 'titleTooShort';
  const { section, subsection } = input.markers;
  if (!section) return 'noSections';
  if (subsection && areMarkersTooSimilar(section, subsection)) return 'tooSimilar';
  if (splitImportSections(blocks, input.markers).length === 0) return 'noSections';
  if (!input.category || !input.language || !input.region) return 'metadataRequired';
  return null;
}

export const importMarkersSchema = z.strictObject({
  section: plainText().trim().max(100).nullable().optional(),
  subsection: plainText().trim().max(100).nullable().optional(),
  titleIndex: z.number().int().min(0).nullable().optional(),
  abstractIndex: z.number().int().min(0).nullable().optional(),
});

export const createImportSchema = z.strictObject({ uploadId: z.uuid() });

/** `PATCH /imports/:id`: what the wizard picked so far (saved as the user goes). */
export const updateImportSchema = z.strictObject({
  title: plainText().max(250, 'Too much text. 250 characters max.').nullable().optional(),
  abstract: plainText().max(5000).nullable().optional(),
  markers: importMarkersSchema.optional(),
  category: z.enum(templateCategories).nullable().optional(),
  language: z
    .string()
    .refine((value) => (templateLanguageCodes as readonly string[]).includes(value))
    .nullable()
    .optional(),
  region: z
    .string()
    .refine((value) => templateRegionCodes.includes(value))
    .nullable()
    .optional(),
});
export type UpdateImport = z.infer<typeof updateImportSchema>;

export type ImportDetail = {
  id: string;
  name: string;
  size: number;
  state: ImportState;
  /** Why the conversion failed (state `error`), as an API error code; its text in `errorMessage`. */
  errorCode: ErrorCode | null;
  errorMessage: string | null;
  blocks: ImportBlock[];
  title: string | null;
  abstract: string | null;
  category: string | null;
  language: string | null;
  region: string | null;
  markers: ImportMarkers;
  templateId: string | null;
  createdAt: string;
};
