// The hash `npm start` compares to skip a build (scripts/build-if-changed.mjs).
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashInputs } from './source-hash.mjs';

const folders = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true })));
});

async function tree(files) {
  const root = await mkdtemp(join(tmpdir(), 'pactum-source-hash-'));
  folders.push(root);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

const sources = { 'web/src/main.tsx': 'render()', 'web/index.html': '<html>', 'lock.json': '{}' };
const inputs = ['web', 'lock.json'];

describe('hashInputs', () => {
  it('is the same for the same files, in another folder and after a touch', async () => {
    const first = await tree(sources);
    const second = await tree(sources);
    const hash = hashInputs(first, inputs);
    expect(hashInputs(second, inputs)).toBe(hash);
    await utimes(join(first, 'web/index.html'), new Date(0), new Date(0));
    expect(hashInputs(first, inputs)).toBe(hash);
  });

  it('changes when a file changes, is added or is renamed', async () => {
    const hash = hashInputs(await tree(sources), inputs);
    expect(hashInputs(await tree({ ...sources, 'lock.json': '{"a":1}' }), inputs)).not.toBe(hash);
    expect(hashInputs(await tree({ ...sources, 'web/src/new.ts': '' }), inputs)).not.toBe(hash);
    const { 'web/index.html': html, ...rest } = sources;
    expect(hashInputs(await tree({ ...rest, 'web/page.html': html }), inputs)).not.toBe(hash);
  });

  it('leaves out outputs and installs', async () => {
    const hash = hashInputs(await tree(sources), inputs);
    const built = await tree({
      ...sources,
      'web/dist/index.html': 'built',
      'web/node_modules/x/index.js': 'installed',
    });
    expect(hashInputs(built, inputs)).toBe(hash);
  });
});
