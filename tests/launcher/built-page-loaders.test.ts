import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSiteIfStale } from '@infra/launcher/build-site';

const ROOT = join(import.meta.dirname, '../..');

/**
 * astro.config.mjs rewrites each route loader of the built server so that it imports its
 * chunk once: under tsx's module hooks every import() resolves again (issue 30). An Astro
 * release that writes its loaders differently would quietly undo that.
 */
describe('the built server', () => {
  it('imports each route module once, not on every request', () => {
    buildSiteIfStale(ROOT, () => {});
    // The entry, or the chunk it shares with the middleware (which imports the lane's routes).
    const server = join(ROOT, 'dist/server');
    const built = ['entry.mjs', ...readdirSync(join(server, 'chunks')).map((f) => `chunks/${f}`)]
      .map((file) => readFileSync(join(server, file), 'utf8'))
      .filter((code) => code.includes('var pageMap = '));
    expect(built).toHaveLength(1);
    const code = built[0] ?? '';
    const start = code.indexOf('var pageMap = ');
    const pageMap = code.slice(start, code.indexOf('\n]);', start));
    const memoized = pageMap.match(/module \?\?= import\(/g) ?? [];
    expect(memoized.length).toBeGreaterThan(40);
    expect(pageMap).not.toMatch(/\(\) => import\("\.\/chunks\//);
  }, 180_000);
});
