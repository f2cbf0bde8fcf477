import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('the typed client’s types (contracts/api/openapi-types.ts, issue 49)', () => {
  // A rule changed in a handler's schema changes the document, so the committed types must follow.
  it('are what `npm run api:types` generates from the OpenAPI document now', async () => {
    const outcome = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/api-types/generate.ts', '--check'],
      { cwd: process.cwd() },
    ).then(
      () => 'up to date',
      (error: { stderr?: string }) => error.stderr ?? String(error),
    );
    expect(outcome).toBe('up to date');
  });
});
