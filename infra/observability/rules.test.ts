import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const HERE = fileURLToPath(new URL('.', import.meta.url));
// Debian's prometheus package (installed by .ci/run); PROMTOOL points elsewhere if needed.
const PROMTOOL = process.env.PROMTOOL ?? '/usr/bin/promtool';

const promtool = (...args: string[]) => run(PROMTOOL, args, { cwd: HERE });

describe('the alert rules (infra/observability/alerts.yml)', () => {
  it('pass `promtool check rules`', async () => {
    const { stdout } = await promtool('check', 'rules', 'alerts.yml');
    expect(stdout).toContain('SUCCESS: 7 rules found');
  });

  it('fire on the series that should raise them and stay silent on healthy ones (`promtool test rules`)', async () => {
    const { stdout } = await promtool('test', 'rules', 'alerts.test.yml');
    expect(stdout).toContain('SUCCESS');
  });

  it('would be refused when broken, so the checks above can fail', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'claims-rules-'));
    const file = join(dir, 'broken.yml');
    await writeFile(
      file,
      'groups:\n  - name: x\n    rules:\n      - alert: A\n        expr: rate(\n',
    );
    try {
      await expect(promtool('check', 'rules', file)).rejects.toThrow(/FAILED/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
