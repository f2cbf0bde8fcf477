/**
 * `npm run bench:search -- --claims N [--requests R]`: search, work queue and dashboard
 * latency through the HTTP API over N seeded claims. Reuses its data folder when it already
 * holds N claims.
 */
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { embeddedDatabaseUrl } from '@infra/postgres/embedded';
import { signInAsDemoCustomerAt } from '@tests/support/demo-customer-sign-in';
import { chooseDemoUser, TestBrowser } from '@tests/support/oidc-test-provider';
import { freePort } from '@tests/support/free-port';
import { percentile, runSeed, startPortal, waitForZeroLag } from './portal-process';

const OPEN_OLDEST = 'statuses=submitted,pending,in%20progress&sort=created_at&direction=asc';
const STATUSES = ['submitted', 'pending', 'denied', 'approved', 'in%20progress'];

/** The work queue (issue 27): status filters, oldest first, beside a search type. */
function workQueueCases(): Array<[string, string[]]> {
  const oldest = '&sort=created_at&direction=asc';
  return [
    ['work queue: one status, newest first', STATUSES.map((v) => `statuses=${v}`)],
    ['work queue: one status, oldest first', STATUSES.map((v) => `statuses=${v}${oldest}`)],
    ['work queue: open statuses, oldest first', [OPEN_OLDEST]],
    [
      'work queue: two statuses, oldest first',
      ['submitted,pending', 'pending,in%20progress', 'denied,approved'].map(
        (v) => `statuses=${v}${oldest}`,
      ),
    ],
    [
      'work queue: claim type and open statuses, oldest first',
      ['disability', 'job%20loss', 'critical%20illness'].map(
        (v) => `type=claimType&value=${v}&statuses=submitted,pending,in%20progress${oldest}`,
      ),
    ],
  ];
}

const { values } = parseArgs({
  options: {
    claims: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '200' },
  },
});
const claims = Number(values.claims);
const requests = Number(values.requests);
const dataDir = `.data/bench-search-${claims}`;
const pgPort = await freePort();
const env = { DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(pgPort), DEMO_DATA: 'on' };

const portal = await startPortal(env, await freePort());
const db = new pg.Pool({
  connectionString: embeddedDatabaseUrl(dataDir, pgPort, 'claims'),
  max: 2,
});
try {
  const seeded = Number(
    // From the log, not the read model: the projector may still be catching up.
    (await db.query("select count(*) from events where event_type = 'ClaimSubmitted'")).rows[0]
      .count,
  );
  if (seeded < claims) {
    console.log(`seeding ${claims - seeded} claims…`);
    await runSeed(env, claims - seeded);
  }
  await waitForZeroLag(portal.base);
  // A projector that just caught up on many claims leaves dead index entries autovacuum has
  // not reached yet; each walk past them visits the heap. Measure the steady state.
  console.log('vacuum (analyze) claims…');
  await db.query('vacuum (analyze) claims');
  const total = Number((await db.query('select count(*) from claims')).rows[0].count);

  const browser = new TestBrowser();
  const init = await browser.request(`${portal.base}/api/auth/init`);
  const callback = await chooseDemoUser(
    browser,
    new URL(init.headers.get('location') ?? '', portal.base),
    'dev-agent-claire',
    `${portal.base}/api/auth/callback`,
  );
  await browser.request(callback);

  const sample = async (sql: string) =>
    (await db.query(`${sql} order by random() limit ${requests}`)).rows;
  const cases: Array<[string, string[]]> = [
    [
      'claim number',
      (await sample('select claim_number v from claims where claim_number is not null')).map(
        (r) => `type=claimNumber&value=${r.v.toLowerCase()}`,
      ),
    ],
    [
      'confirmation number',
      (await sample('select confirmation_number v from claims')).map(
        (r) => `type=confirmationNumber&value=${r.v.toLowerCase()}`,
      ),
    ],
    [
      'claim type',
      ['disability', 'job loss', 'critical illness'].map(
        (v) => `type=claimType&value=${encodeURIComponent(v)}`,
      ),
    ],
    [
      'email',
      (await sample('select email v from claims')).map(
        (r) => `type=email&value=${encodeURIComponent(r.v)}`,
      ),
    ],
    [
      'status',
      ['submitted', 'pending', 'denied', 'approved', 'in progress'].map(
        (v) => `type=status&value=${encodeURIComponent(v)}`,
      ),
    ],
    [
      'name (first and last)',
      (await sample('select first_name f, last_name l from claims')).map(
        (r) => `type=name&first=${encodeURIComponent(r.f)}&last=${encodeURIComponent(r.l)}`,
      ),
    ],
    [
      'name (first only)',
      (await sample('select first_name f from claims')).map(
        (r) => `type=name&first=${encodeURIComponent(r.f)}`,
      ),
    ],
    [
      'name (last only)',
      (await sample('select last_name l from claims')).map(
        (r) => `type=name&last=${encodeURIComponent(r.l)}`,
      ),
    ],
    [
      'user id',
      (await sample('select customer_id v from claims')).map(
        (r) => `type=userId&value=${encodeURIComponent(r.v)}`,
      ),
    ],
  ];

  const rows: string[] = [];
  const customer = new TestBrowser();
  await signInAsDemoCustomerAt(customer, portal.base, dataDir);

  const measure = async (label: string, urls: string[], as = browser) => {
    const times: number[] = [];
    for (let i = 0; i < requests; i += 1) {
      const url = urls[i % urls.length] as string;
      const started = performance.now();
      const response = await as.request(url);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${label}: ${url} answered ${response.status}`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    rows.push(
      `| ${label} | ${requests} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} |`,
    );
  };
  for (const [label, queries] of cases) {
    await measure(
      label,
      queries.map((q) => `${portal.base}/api/admin/claims/search?${q}`),
    );
  }
  for (const [label, queries] of workQueueCases()) {
    await measure(
      label,
      queries.map((q) => `${portal.base}/api/admin/claims/search?${q}`),
    );
  }
  await measure('work queue: counts per status', [`${portal.base}/api/admin/claims/status-counts`]);
  await measure('work queue: staff dashboard page (counts)', [`${portal.base}/admin/dashboard`]);
  await measurePaging('work queue: next page (open, oldest first)', OPEN_OLDEST);
  await measurePaging('work queue: next page (pending, newest first)', 'statuses=pending');
  await measure('dashboard (customer claims)', [`${portal.base}/api/claims`], customer);

  /** Pages 2, 3, … of one queue, each request taking the cursor the previous page gave. */
  async function measurePaging(label: string, query: string) {
    const times: number[] = [];
    let after = '';
    for (let i = 0; i < requests; i += 1) {
      const url = `${portal.base}/api/admin/claims/search?${query}${after ? `&after=${after}` : ''}`;
      const started = performance.now();
      const response = await browser.request(url);
      const page = (await response.json()) as { nextCursor?: string };
      if (response.status !== 200) throw new Error(`${label}: ${url} answered ${response.status}`);
      if (after) times.push(performance.now() - started);
      if (!page.nextCursor) throw new Error(`${label}: the queue ended after ${i + 1} pages`);
      after = page.nextCursor;
    }
    times.sort((a, b) => a - b);
    rows.push(
      `| ${label} | ${times.length} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} |`,
    );
  }

  console.log(
    `\nSearch over ${total} claims through the HTTP API (${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${cpus()[0]?.model ?? ''}):\n`,
  );
  console.log('| query | requests | p50 ms | p95 ms |\n|---|---|---|---|');
  console.log(rows.join('\n'));
} finally {
  await db.end();
  await portal.stop();
}
