import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { FIRST_PAINT_MESSAGE_GROUPS } from './src/app/message-groups';

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3001}`;

// The Host header is kept (no changeOrigin) so the server can compare a WebSocket's
// Origin with its Host, as it does in production behind one address.
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: apiTarget, ws: true },
  '/dev': { target: apiTarget },
};

/**
 * `locales/<lang>.json?part=first` is the file's groups the public pages use
 * (`FIRST_PAINT_MESSAGE_GROUPS`), `?part=rest` all the others, each a module whose default
 * export is that object: the sign-in page loads one language's first part only.
 */
function messagePartsPlugin(): Plugin {
  const firstGroups = new Set<string>(FIRST_PAINT_MESSAGE_GROUPS);
  return {
    name: 'pactum-message-parts',
    enforce: 'pre',
    load(id) {
      const match = /^(.*[\\/]locales[\\/][a-z]+\.json)\?part=(first|rest)$/.exec(id);
      if (!match?.[1]) return null;
      const isFirst = match[2] === 'first';
      this.addWatchFile(match[1]);
      const messages = JSON.parse(readFileSync(match[1], 'utf8')) as Record<string, unknown>;
      const part = Object.entries(messages).filter(([group]) => firstGroups.has(group) === isFirst);
      // JSON.parse of a string literal is quicker for the browser than an object literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(Object.fromEntries(part)))});`;
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [messagePartsPlugin(), react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each page needs (scripts/route-weight.mjs reads it).
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // @pactum/core holds declarations only (schemas, messages, pure functions): a core
        // module a page imports but does not use is left out. (One it uses still brings its
        // schemas and zod along: public pages import those only dynamically.) A feature's front
        // door (`features/<x>/index.ts`) only re-exports: a page takes from it the modules it
        // uses, not every module the door names (which would merge the lazy pages' chunks).
        moduleSideEffects: [
          { test: /[\\/]packages[\\/]core[\\/]src[\\/]/, sideEffects: false },
          { test: /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          // Libraries the first screen needs go to long-cached chunks (by how often they
          // change); libraries that only lazy pages use (MUI, editors, PDF viewer) are split
          // with them: the sign-in route draws with the plain kit (src/ui/plain) and loads no MUI.
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              tags: ['$initial'],
              priority: 2,
            },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: { port: 3000, strictPort: true, proxy },
  preview: { port: 3000, strictPort: true, proxy },
});
