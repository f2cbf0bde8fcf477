import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SITE = join(import.meta.dirname, '..');

function sources(folder: string): string[] {
  return readdirSync(join(SITE, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(tsx?|astro)$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => join(SITE, folder, name));
}

/** Each file of `folders` that imports a module under `forbidden`, relative to site/src. */
function importersOf(forbidden: RegExp, folders: readonly string[]): string[] {
  return folders
    .flatMap(sources)
    .filter((file) => forbidden.test(readFileSync(file, 'utf8')))
    .map((file) => relative(SITE, file));
}

describe('what the two portals share lives in site/src/ui', () => {
  it('no staff screen imports a customer island', () => {
    expect(importersOf(/from '[^']*islands\/customer\//, ['admin', 'pages/admin'])).toEqual([]);
  });

  it('no customer island imports a staff screen', () => {
    expect(importersOf(/from '(@site\/admin\/|[^']*\.\.\/admin\/)/, ['islands/customer'])).toEqual(
      [],
    );
  });
});
