/**
 * `npm run bench:documents [-- --runs 10 --uploads 20]`: what renditions cost (issue 45,
 * decision 126). First, in this process, the rendition of a 10-page text PDF, a 10-page
 * scan of about 4 MB and a phone photo, `runs` times each: time per page (p50, p95). Then the
 * portal as `npm start` runs it, the demo customer submitting a claim with the 4 MB 10-page
 * scan, `uploads` times one after another: upload to 201 (p50, p95, max), the inspection and
 * rendition in the pool included. Last, `--bombs 4,16`: that many PDF bombs uploaded at once
 * while the health endpoint is probed (issue 45: 4 bombs, health p99 < 100 ms and RSS < 600 MB;
 * 16, the health maximum stated).
 */
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { v7 as uuidv7 } from 'uuid';
import { renderImage } from '@infra/documents/rendition/render-image';
import { renderPdf } from '@infra/documents/rendition/render-pdf';
import { signInAsDemoCustomerAt } from '@tests/support/demo-customer-sign-in';
import { freePort } from '@tests/support/free-port';
import { TestBrowser } from '@tests/support/oidc-test-provider';
import { lightClient } from './append/light-client';
import { bombRound, describeRound } from './document-bombs';
import { photoJpeg, scannedPdf, textPdf } from './documents-files';
import { startPortal } from './portal-process';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    uploads: { type: 'string', default: '20' },
    bombs: { type: 'string', default: '4,16' },
  },
});
const bombCounts = values.bombs
  .split(',')
  .filter(Boolean)
  .map((count) => {
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error(`--bombs ${count}: 1 to 64`);
    return n;
  });
const runs = Number(values.runs);
const uploads = Number(values.uploads);

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
const summary = (times: readonly number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms`;
};

const print = (line: string) => process.stdout.write(`${line}\n`);
const SCAN_BYTES = 4_000_000;

const scan = await scannedPdf(10, SCAN_BYTES);
const files = {
  '10-page text PDF': await textPdf(10),
  [`10-page scan PDF (${(scan.byteLength / 1e6).toFixed(1)} MB)`]: scan,
};
print(`## Renditions (${runs} runs each, load average ${loadavg()[0]?.toFixed(1)})`);
for (const [name, bytes] of Object.entries(files)) {
  const perPage: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const rendition = await renderPdf(bytes);
    if (!rendition.ok) throw new Error(`${name}: ${rendition.reason}`);
    perPage.push((performance.now() - started) / rendition.pages);
  }
  print(`- ${name}: rendition time per page ${summary(perPage)}`);
}
const photo = await photoJpeg();
const photoTimes: number[] = [];
for (let run = 0; run < runs; run += 1) {
  const started = performance.now();
  if (!(await renderImage(photo)).ok) throw new Error('photo: unreadable');
  photoTimes.push(performance.now() - started);
}
print(`- 12 Mpx phone photo (JPEG, ${(photo.length / 1e6).toFixed(1)} MB): ${summary(photoTimes)}`);

const dataDir = '.data/bench-documents';
rmSync(dataDir, { recursive: true, force: true });
const portal = await startPortal(
  { DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(await freePort()), DEMO_DATA: 'on' },
  await freePort(),
);
try {
  const browser = new TestBrowser();
  await signInAsDemoCustomerAt(browser, portal.base, dataDir);
  const csrf = browser.cookie('csrf_token') ?? '';
  const client = lightClient(portal.base, {
    cookie: `session=${browser.cookie('session') ?? ''}; csrf_token=${csrf}`,
    'x-csrf-token': csrf,
    origin: portal.base,
  });
  const data = `data:application/pdf;base64,${Buffer.from(scan).toString('base64')}`;
  const times: number[] = [];
  for (let upload = 0; upload < uploads; upload += 1) {
    const started = performance.now();
    const answer = await client(
      'POST',
      '/api/claims',
      {
        policyNumber: `BENCH-DOC-${upload}`,
        productCode: '210',
        productType: 'Mortgage',
        claimType: 'Job Loss',
        documents: [{ kind: 'claim', name: 'scan.pdf', data }],
      },
      { 'idempotency-key': uuidv7() },
    );
    if (answer.status !== 201) throw new Error(`upload ${upload}: ${answer.status} ${answer.text}`);
    times.push(performance.now() - started);
  }
  print(
    `## Upload to 201 through HTTP, ${uploads} claims each with the ${(scan.byteLength / 1e6).toFixed(1)} MB 10-page scan, one after another (load average ${loadavg()[0]?.toFixed(1)})`,
  );
  print(`- ${summary(times)}`);
  if (bombCounts.length > 0) print('## PDF bombs at once, each to a claim of its own');
  for (const count of bombCounts)
    print(describeRound(await bombRound(portal.base, client, portal.child.pid as number, count)));
} finally {
  await portal.stop();
}
