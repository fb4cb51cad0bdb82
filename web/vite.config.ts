import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3001}`;

// The Host header is kept (no changeOrigin) so the server can compare a WebSocket's
// Origin with its Host, as it does in production behind one address.
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: apiTarget, ws: true },
  '/dev': { target: apiTarget },
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Libraries the first screen needs go to long-cached chunks (by how often they
          // change); libraries that only lazy pages use (editors, PDF viewer) stay with them.
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              tags: ['$initial'],
              priority: 3,
            },
            {
              name: 'mui',
              test: /node_modules[\\/](@mui|@emotion|react-transition-group|stylis)[\\/]/,
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
