import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layers' one-way rule (DESIGN, "Shape"): the domain and the read side import nothing
 * from the adapters or the site. Test support that wires real adapters lives in
 * tests/support/, so a test beside the code reaches them only through a harness.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const GUARDED = ['contracts', 'services', 'projections'] as const;
const FORBIDDEN = ['infra', 'site'] as const;

/** Every module specifier a source file names, in order: imports, re-exports, require, vi.mock. */
function specifiersOf(source: string): string[] {
  const found: [number, string][] = [];
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\bvi\.mock\s*\(\s*['"]([^'"]+)['"]/g,
  ];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) if (match[1]) found.push([match.index, match[1]]);
  }
  return found.sort(([a], [b]) => a - b).map(([, specifier]) => specifier);
}

/** The top-level folder a specifier of `file` lands in, when it is one of ours. */
function folderOf(file: string, specifier: string): string | undefined {
  const alias = /^@(contracts|services|projections|infra|site|tests)\//.exec(specifier);
  if (alias) return alias[1];
  if (!specifier.startsWith('.')) return undefined;
  const target = relative(ROOT, resolve(dirname(file), specifier));
  return target.startsWith('..') ? undefined : target.split(sep)[0];
}

async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(join(ROOT, folder), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts|mjs)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** `file: specifier` for each import of a guarded folder that lands in a forbidden one. */
async function crossings(): Promise<string[]> {
  const found: string[] = [];
  for (const folder of GUARDED) {
    for (const file of await sourceFiles(folder)) {
      for (const specifier of specifiersOf(await readFile(file, 'utf8'))) {
        const target = folderOf(file, specifier);
        if ((FORBIDDEN as readonly (string | undefined)[]).includes(target)) {
          found.push(`${relative(ROOT, file)}: ${specifier}`);
        }
      }
    }
  }
  return found;
}

describe('the layers’ one-way rule', () => {
  it('finds an adapter import however it is written', () => {
    const file = join(ROOT, 'services/claims/example.test.ts');
    const source = [
      "import { createPostgresEventStore } from '@infra/eventstore/postgres/postgres-event-store';",
      "import type { Config } from '../../infra/config/config';",
      "export { migrate } from '../../infra/postgres/migrate';",
      "const mailer = await import('@infra/mail/smtp-mailer');",
      "import '../../site/src/islands/csrf';",
      "import { submitClaim } from './submit-claim';",
      "import { z } from 'zod';",
    ].join('\n');
    const targets = specifiersOf(source).map((specifier) => folderOf(file, specifier));
    expect(targets).toEqual(['infra', 'infra', 'infra', 'infra', 'site', 'services', undefined]);
  });

  it('contracts, services and projections import nothing from infra/ or site/', async () => {
    expect(await crossings()).toEqual([]);
  });
});
