import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { portalMetrics } from '../metrics/metrics';

const run = promisify(execFile);
const HERE = fileURLToPath(new URL('.', import.meta.url));
// Debian's prometheus package (installed by .ci/run); PROMTOOL points elsewhere if needed.
const PROMTOOL = process.env.PROMTOOL ?? '/usr/bin/promtool';

const promtool = (...args: string[]) => {
  if (!existsSync(PROMTOOL))
    throw new Error(`${PROMTOOL} is missing: apt-get install prometheus (.ci/run does)`);
  return run(PROMTOOL, args, { cwd: HERE });
};

async function alertNames(): Promise<string[]> {
  const rules = await readFile(join(HERE, 'alerts.yml'), 'utf8');
  return [...rules.matchAll(/^\s+- alert: (\w+)$/gm)].map((match) => match[1] as string);
}

describe('the alert rules (infra/observability/alerts.yml)', () => {
  it('pass `promtool check rules`', async () => {
    const { stdout } = await promtool('check', 'rules', 'alerts.yml');
    expect(stdout).toContain(`SUCCESS: ${(await alertNames()).length} rules found`);
  });

  it('each link a section of docs/runbook.md and have a `promtool test rules` case', async () => {
    const rules = await readFile(join(HERE, 'alerts.yml'), 'utf8');
    const tests = await readFile(join(HERE, 'alerts.test.yml'), 'utf8');
    const runbook = await readFile(join(HERE, '../../docs/runbook.md'), 'utf8');
    const sections = new Set(
      [...runbook.matchAll(/^## (\S+)$/gm)].map((match) => (match[1] as string).toLowerCase()),
    );
    const links = [...rules.matchAll(/runbook_url: docs\/runbook\.md#(\S+)/g)].map(
      (match) => match[1],
    );
    const names = await alertNames();
    expect(names.length).toBeGreaterThanOrEqual(13);
    expect(links).toEqual(names.map((name) => name.toLowerCase()));
    expect(links.filter((link) => !sections.has(link as string))).toEqual([]);
    expect(names.filter((name) => !tests.includes(`alertname: ${name}\n`))).toEqual([]);
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

/** Every PromQL expression of the dashboard's panels, `$instance` given a value. */
async function dashboardExpressions(): Promise<string[]> {
  const dashboard = JSON.parse(await readFile(join(HERE, 'grafana-dashboard.json'), 'utf8')) as {
    panels: { targets?: { expr: string }[] }[];
  };
  return dashboard.panels
    .flatMap((panel) => panel.targets ?? [])
    .map((target) => target.expr.replaceAll('$instance', '.*'));
}

const seriesIn = (expression: string) =>
  [...expression.matchAll(/\b((?:claims|nodejs|process)_[a-z0-9_]+)\b/g)].map((match) =>
    (match[1] as string).replace(/_(bucket|count|sum)$/, ''),
  );

describe('the Grafana dashboard and the alerts (infra/observability/)', () => {
  it('read only series the portal exports', async () => {
    const exported = new Set(
      (await portalMetrics().registry.getMetricsAsJSON()).map((metric) => metric.name),
    );
    const rules = await readFile(join(HERE, 'alerts.yml'), 'utf8');
    const used = new Set([...(await dashboardExpressions()), rules].flatMap(seriesIn));
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((name) => !exported.has(name))).toEqual([]);
  });

  it('hold dashboard expressions promtool accepts as PromQL', async () => {
    const expressions = await dashboardExpressions();
    const dir = await mkdtemp(join(tmpdir(), 'claims-dashboard-'));
    const file = join(dir, 'dashboard-rules.yml');
    const rules = expressions.map(
      (expr, index) =>
        `      - record: dashboard:panel_${index}\n        expr: ${JSON.stringify(expr)}`,
    );
    await writeFile(file, `groups:\n  - name: dashboard\n    rules:\n${rules.join('\n')}\n`);
    try {
      const { stdout } = await promtool('check', 'rules', file);
      expect(stdout).toContain(`SUCCESS: ${expressions.length} rules found`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
