/**
 * The API contract check (issue 49): starts the portal as `npm start` does (embedded
 * defaults, free ports, a data folder of its own), signs in as anonymous, customer (code from
 * the captured mail), staff and auditor (the development OIDC provider), and runs
 * Schemathesis against /api/openapi.json with every check on and its stateful phase.
 * SCHEMATHESIS (default `schemathesis`), SCHEMATHESIS_SEED and SCHEMATHESIS_MAX_EXAMPLES
 * may be set; arguments after `--` go to every Schemathesis run. Exits non-zero if any run has
 * a failure.
 */
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPortalUnderTest } from '../../tests/faults/portal-under-test';
import { signInAsDemoCustomerAt } from '../../tests/support/demo-customer-sign-in';
import { signInAsDemoStaffAt, TestBrowser } from '../../tests/support/oidc-test-provider';

/** A caller: the security schemes of the document it holds a value for, from its cookies. */
type Caller = { name: string; schemes: Record<string, string>; browser: TestBrowser };

/**
 * Credentials go through the document's own security schemes (OpenAPI-aware auth), never as a
 * raw Cookie header: only then does Schemathesis know what it left out when it tests a request
 * without them, and a missing cookie it removed is really missing.
 */
function authConfig(caller: Caller): string {
  const lines: string[] = [];
  lines.push('');
  for (const [scheme, cookie] of Object.entries(caller.schemes)) {
    const value = caller.browser.cookie(cookie);
    if (value === undefined) throw new Error(`${caller.name} holds no ${cookie} cookie`);
    lines.push(`[auth.openapi.${scheme}]`, `api_key = ${JSON.stringify(value)}`, '');
  }
  return lines.join('\n');
}

function schemathesis(args: string[]): Promise<number> {
  const command = process.env.SCHEMATHESIS ?? 'schemathesis';
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

async function main(): Promise<void> {
  const seed = Number(process.env.SCHEMATHESIS_SEED ?? randomInt(1, 2 ** 31));
  const maxExamples = process.env.SCHEMATHESIS_MAX_EXAMPLES ?? '20';
  const portal = await startPortalUnderTest();
  const configs = await mkdtemp(join(tmpdir(), 'schemathesis-'));
  const settings = await readFile(new URL('./schemathesis.toml', import.meta.url), 'utf8');
  const started = Date.now();
  let failed = 0;
  try {
    const anonymous = new TestBrowser();
    await anonymous.request(`${portal.base}/en/`);
    const customer = new TestBrowser();
    await signInAsDemoCustomerAt(customer, portal.base, portal.dataDir);
    const staff = new TestBrowser();
    await signInAsDemoStaffAt(staff, portal.base);
    const auditor = new TestBrowser();
    await signInAsDemoStaffAt(auditor, portal.base, 'dev-auditor-ines');
    const csrf = { csrfCookie: 'csrf_token', csrfHeader: 'csrf_token' };
    const callers: Caller[] = [
      { name: 'anonymous', schemes: csrf, browser: anonymous },
      { name: 'customer', schemes: { ...csrf, customerSession: 'session' }, browser: customer },
      { name: 'staff', schemes: { ...csrf, staffSession: 'staff_session' }, browser: staff },
      { name: 'auditor', schemes: { ...csrf, staffSession: 'staff_session' }, browser: auditor },
    ];
    console.log(`schemathesis seed ${seed}, up to ${maxExamples} examples per operation`);
    for (const caller of callers) {
      console.log(`\n== as ${caller.name} ==`);
      const config = join(configs, `${caller.name}.toml`);
      await writeFile(config, settings + authConfig(caller), { mode: 0o600 });
      const code = await schemathesis([
        '--config-file',
        config,
        'run',
        `${portal.base}/api/openapi.json`,
        '--checks',
        'all',
        '--phases',
        'examples,coverage,fuzzing,stateful',
        '--seed',
        String(seed),
        '--max-examples',
        maxExamples,
        '--header',
        `Origin: ${portal.base}`,
        // Anything after `--` (e.g. --include-path /api/claims), for a narrower run.
        ...process.argv.slice(2),
      ]);
      if (code !== 0) failed += 1;
    }
  } finally {
    await portal.stop();
    await rm(configs, { recursive: true, force: true });
  }
  console.log(
    `\nschemathesis: ${failed} of 4 runs failed, seed ${seed}, ${Math.round((Date.now() - started) / 1000)} s`,
  );
  process.exitCode = failed === 0 ? 0 : 1;
}

await main();
