/**
 * The API contract check (issue 49): starts the portal as `npm start` does (embedded
 * defaults, free ports, a data folder of its own), signs in as anonymous, customer (code from
 * the captured mail), staff and auditor (the development OIDC provider), and runs
 * Schemathesis against /api/openapi.json with every check on and its stateful phase.
 * SCHEMATHESIS (default `schemathesis`), SCHEMATHESIS_SEED and SCHEMATHESIS_MAX_EXAMPLES
 * may be set. Exits non-zero if any run has a failure.
 */
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { startPortalUnderTest } from '../../tests/faults/portal-under-test';
import { signInAsDemoCustomerAt } from '../../tests/support/demo-customer-sign-in';
import { signInAsDemoStaffAt, TestBrowser } from '../../tests/support/oidc-test-provider';

type Caller = { name: string; cookies: string[]; browser: TestBrowser };

function cookieHeader(browser: TestBrowser, names: readonly string[]): string {
  return names
    .map((name) => [name, browser.cookie(name)] as const)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
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
    const callers: Caller[] = [
      { name: 'anonymous', cookies: ['csrf_token'], browser: anonymous },
      { name: 'customer', cookies: ['session', 'csrf_token'], browser: customer },
      { name: 'staff', cookies: ['staff_session', 'csrf_token'], browser: staff },
      { name: 'auditor', cookies: ['staff_session', 'csrf_token'], browser: auditor },
    ];
    console.log(`schemathesis seed ${seed}, up to ${maxExamples} examples per operation`);
    for (const caller of callers) {
      console.log(`\n== as ${caller.name} ==`);
      const code = await schemathesis([
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
        `Cookie: ${cookieHeader(caller.browser, caller.cookies)}`,
        '--header',
        `x-csrf-token: ${caller.browser.cookie('csrf_token') ?? ''}`,
        '--header',
        `Origin: ${portal.base}`,
      ]);
      if (code !== 0) failed += 1;
    }
  } finally {
    await portal.stop();
  }
  console.log(
    `\nschemathesis: ${failed} of 4 runs failed, seed ${seed}, ${Math.round((Date.now() - started) / 1000)} s`,
  );
  process.exitCode = failed === 0 ? 0 : 1;
}

await main();
