// A hash of a build's inputs by name and content, for `npm start` to tell whether a part must be
// built again (scripts/build-if-changed.mjs). Outputs, caches and installs are never inputs.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Folders that are outputs, caches or installs, never a build's input. */
const SKIPPED = new Set(['node_modules', 'dist', '.tmp', '.vite', 'coverage']);

/** Every file under `relative` (a file or a folder) inside `root`, skipping outputs, sorted. */
function filesUnder(root, relative) {
  const absolute = path.join(root, relative);
  if (!fs.existsSync(absolute)) return [];
  if (fs.statSync(absolute).isFile()) return [relative];
  const files = [];
  for (const entry of fs.readdirSync(absolute, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) files.push(...filesUnder(root, child));
    else if (entry.isFile()) files.push(child);
  }
  return files.sort();
}

/**
 * The inputs' hash (`inputs`: files and folders relative to `root`): equal exactly when no
 * input file was added, removed, renamed or changed in content. Times are not part of it, so a
 * fresh clone of the same commit hashes the same.
 */
export function hashInputs(root, inputs) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((input) => filesUnder(root, input))) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}
