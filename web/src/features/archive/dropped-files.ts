/*
 * Files dropped on a folder, with the folder tree they came in. A dropped folder is walked
 * through the browser's entries (`DataTransferItem.webkitGetAsEntry`); each file keeps the
 * names of the folders between the drop and itself (`path`), which the server makes or reuses
 * below the folder the files were dropped on.
 */

/** The part of the browser's `FileSystemFileEntry` the walk uses. */
export type FileEntryLike = {
  isFile: true;
  isDirectory: false;
  name: string;
  file(success: (file: File) => void, failure?: (error: unknown) => void): void;
};

/** The part of the browser's `FileSystemDirectoryEntry` the walk uses. */
export type DirectoryEntryLike = {
  isFile: false;
  isDirectory: true;
  name: string;
  createReader(): {
    readEntries(
      success: (entries: readonly DropEntry[]) => void,
      failure?: (error: unknown) => void,
    ): void;
  };
};

export type DropEntry = FileEntryLike | DirectoryEntryLike;

/** A file to upload and the folders to put it in, below the folder it was dropped on. */
export type DroppedFile = { file: File; path: string[] };

/** The deepest folder tree a drop keeps (the server takes paths of at most 20 steps). */
export const MAX_DROP_DEPTH = 20;

/** Files the computer keeps for itself ('.DS_Store', 'Thumbs.db'), skipped without a word. */
const isSystemFile = (name: string) =>
  name.startsWith('.') || /^(thumbs\.db|desktop\.ini)$/i.test(name);

const fileOf = (entry: FileEntryLike) =>
  new Promise<File>((resolve, reject) => entry.file(resolve, reject));

/** Every entry of a folder: a reader answers in batches (100 in Chromium) until an empty one. */
async function childrenOf(entry: DirectoryEntryLike): Promise<DropEntry[]> {
  const reader = entry.createReader();
  const children: DropEntry[] = [];
  for (;;) {
    const batch = await new Promise<readonly DropEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) return children;
    children.push(...batch);
  }
}

/**
 * The files under the dropped entries, folder by folder, each with its path from the drop: a
 * file dropped as is has an empty path; 'Contracts/2024/a.pdf' has ['Contracts', '2024'].
 * Files sort by path and name, so a tree is uploaded in the order a person reads it.
 */
export async function walkEntries(
  entries: readonly DropEntry[],
  path: readonly string[] = [],
): Promise<DroppedFile[]> {
  const found: DroppedFile[] = [];
  for (const entry of entries) {
    if (isSystemFile(entry.name)) continue;
    if (entry.isFile) {
      found.push({ file: await fileOf(entry), path: [...path] });
    } else if (path.length < MAX_DROP_DEPTH) {
      found.push(...(await walkEntries(await childrenOf(entry), [...path, entry.name])));
    }
  }
  return found.sort(byPathAndName);
}

function byPathAndName(a: DroppedFile, b: DroppedFile): number {
  const left = [...a.path, a.file.name].join('/');
  const right = [...b.path, b.file.name].join('/');
  return left.localeCompare(right);
}

/** The part of `DataTransferItem` read on a drop. */
type DropItem = {
  kind: string;
  getAsFile(): File | null;
  webkitGetAsEntry?: () => unknown;
};

/**
 * What was dropped: the entries must be taken while the drop event runs (the browser empties
 * the list afterwards), then walked. Without entry support the plain files are taken.
 */
export function droppedFiles(items: ArrayLike<DropItem>): Promise<DroppedFile[]> {
  const entries: DropEntry[] = [];
  const files: DroppedFile[] = [];
  for (const item of Array.from(items)) {
    if (item.kind !== 'file') continue;
    const entry = item.webkitGetAsEntry?.() as DropEntry | null | undefined;
    if (entry) entries.push(entry);
    else {
      const file = item.getAsFile();
      if (file && !isSystemFile(file.name)) files.push({ file, path: [] });
    }
  }
  return walkEntries(entries).then((walked) => [...files, ...walked]);
}
