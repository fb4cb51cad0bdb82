import { describe, expect, it } from 'vitest';
import {
  type DirectoryEntryLike,
  type DropEntry,
  droppedFiles,
  type FileEntryLike,
  MAX_DROP_DEPTH,
  walkEntries,
} from './dropped-files';

const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

function fileEntry(name: string): FileEntryLike {
  return { isFile: true, isDirectory: false, name, file: (success) => success(pdf(name)) };
}

/** A folder whose reader answers in batches of `batch`, like Chromium's 100. */
function folder(name: string, children: DropEntry[], batch = 2): DirectoryEntryLike {
  return {
    isFile: false,
    isDirectory: true,
    name,
    createReader() {
      let at = 0;
      return {
        readEntries(success) {
          const next = children.slice(at, at + batch);
          at += batch;
          // Asynchronous, as the browser's reader is.
          setTimeout(() => success(next), 0);
        },
      };
    },
  };
}

const summary = (files: { file: File; path: string[] }[]) =>
  files.map(({ file, path }) => [...path, file.name].join('/'));

describe('walkEntries', () => {
  it('gives each file the folders between the drop and itself', async () => {
    const files = await walkEntries([
      fileEntry('loose.pdf'),
      folder('Contracts 2024', [
        fileEntry('b.pdf'),
        folder('Q1', [fileEntry('a.pdf')]),
        fileEntry('a.pdf'),
      ]),
    ]);
    expect(files.map((file) => file.path)).toEqual([
      ['Contracts 2024'],
      ['Contracts 2024'],
      ['Contracts 2024', 'Q1'],
      [],
    ]);
    expect(summary(files)).toEqual([
      'Contracts 2024/a.pdf',
      'Contracts 2024/b.pdf',
      'Contracts 2024/Q1/a.pdf',
      'loose.pdf',
    ]);
  });

  it('reads a folder batch by batch until the reader has no more', async () => {
    const many = Array.from({ length: 7 }, (_, i) => fileEntry(`f${i}.pdf`));
    const files = await walkEntries([folder('big', many, 3)]);
    expect(files).toHaveLength(7);
  });

  it('skips the files a computer keeps for itself', async () => {
    const files = await walkEntries([
      folder('docs', [fileEntry('.DS_Store'), fileEntry('Thumbs.db'), fileEntry('x.pdf')]),
    ]);
    expect(summary(files)).toEqual(['docs/x.pdf']);
  });

  it('keeps an empty folder out and stops at the deepest path the server takes', async () => {
    let deep: DropEntry = fileEntry('deep.pdf');
    for (let i = MAX_DROP_DEPTH + 1; i > 0; i -= 1) deep = folder(`d${i}`, [deep]);
    expect(await walkEntries([folder('empty', []), deep])).toEqual([]);
    let fits: DropEntry = fileEntry('fits.pdf');
    for (let i = MAX_DROP_DEPTH; i > 0; i -= 1) fits = folder(`d${i}`, [fits]);
    const [found] = await walkEntries([fits]);
    expect(found?.path).toHaveLength(MAX_DROP_DEPTH);
  });
});

describe('droppedFiles', () => {
  it('takes the entries of the drop, and plain files where there is no entry', async () => {
    const files = await droppedFiles([
      {
        kind: 'file',
        getAsFile: () => null,
        webkitGetAsEntry: () => folder('A', [fileEntry('1.pdf')]),
      },
      { kind: 'file', getAsFile: () => pdf('plain.pdf') },
      { kind: 'string', getAsFile: () => null },
    ]);
    expect(summary(files)).toEqual(['plain.pdf', 'A/1.pdf']);
  });
});
