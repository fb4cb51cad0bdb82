import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (where its package.json is), found by walking up from this
 * module: the same answer from the TypeScript source (`server/src/...`) as from the built
 * bundle (`server/dist/...`, any chunk depth). Files shipped beside the code (migrations, the
 * package version, the built web app) are resolved from here.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@pactum/server') return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('The @pactum/server package folder was not found');
    dir = parent;
  }
}

export const serverRoot = findServerRoot();
