// The import rules of `npm run lint` (.dependency-cruiser.cjs), tried on small trees made for
// the purpose: each rule must refuse what it is there to refuse, and let the allowed way pass.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const depcruise = join(repoRoot, 'node_modules/.bin/depcruise');
const folders = [];

/** Writes `files` (path → source) into a new folder and runs the rules over it. */
async function cruise(files) {
  const root = await mkdtemp(join(tmpdir(), 'pactum-import-rules-'));
  folders.push(root);
  await writeFile(join(root, 'tsconfig.base.json'), '{ "compilerOptions": {} }');
  for (const [path, source] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), source);
  }
  const args = [
    ...['server/src', 'web/src'].filter((top) =>
      Object.keys(files).some((path) => path.startsWith(top)),
    ),
    '--config',
    join(repoRoot, '.dependency-cruiser.cjs'),
    '--output-type',
    'json',
  ];
  const { stdout } = await promisify(execFile)(depcruise, args, { cwd: root }).catch(
    (failure) => failure,
  );
  return JSON.parse(stdout)
    .summary.violations.map(
      (violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`,
    )
    .sort();
}

afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

describe('the import rules', () => {
  it("refuse an import into another feature's insides, on the server and the web", async () => {
    expect(
      await cruise({
        'server/src/features/deals/service.ts': "import { grant } from '../archive/filing';\n",
        'server/src/features/archive/filing.ts': 'export const grant = 1;\n',
        'web/src/features/deals/page.tsx': "import { Tag } from '../archive/components/tag';\n",
        'web/src/features/archive/components/tag.tsx': 'export const Tag = 1;\n',
      }),
    ).toEqual([
      'feature-front-door: server/src/features/deals/service.ts → server/src/features/archive/filing.ts',
      'feature-front-door: web/src/features/deals/page.tsx → web/src/features/archive/components/tag.tsx',
    ]);
  });

  it('let a feature use another through its front door, and its own insides freely', async () => {
    expect(
      await cruise({
        'server/src/features/deals/service.ts':
          "import { grant } from '../archive';\nimport { row } from './queries';\n",
        'server/src/features/deals/queries.ts': 'export const row = 1;\n',
        'server/src/features/archive/index.ts': "export { grant } from './filing';\n",
        'server/src/features/archive/filing.ts': 'export const grant = 1;\n',
      }),
    ).toEqual([]);
  });

  it('refuse two features that use each other, even through their front doors', async () => {
    const violations = await cruise({
      'server/src/features/deals/index.ts': "export { open } from './service';\n",
      'server/src/features/deals/service.ts':
        "import { grant } from '../archive';\nexport const open = grant;\n",
      'server/src/features/archive/index.ts': "export { grant } from './filing';\n",
      'server/src/features/archive/filing.ts':
        "import { open } from '../deals';\nexport const grant = () => open;\n",
    });
    expect(violations.length).toBeGreaterThan(0);
    expect(violations.every((line) => line.startsWith('no-cycles: '))).toBe(true);
  });

  it('refuse a shared layer that knows a feature', async () => {
    expect(
      await cruise({
        'server/src/documents/access.ts': "import { grant } from '../features/archive';\n",
        'server/src/features/archive/index.ts': 'export const grant = 1;\n',
        'web/src/ui/button.tsx': "import { Tag } from '../features/archive';\n",
        'web/src/features/archive/index.ts': 'export const Tag = 1;\n',
      }),
    ).toEqual([
      'shared-below-features: server/src/documents/access.ts → server/src/features/archive/index.ts',
      'shared-below-features: web/src/ui/button.tsx → web/src/features/archive/index.ts',
    ]);
  });
});
