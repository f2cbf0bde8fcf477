/**
 * `npm run bench:pages`: the JavaScript each page makes the browser load, raw and gzipped.
 * Starts the portal on demo data, signs the demo customer in for the customer pages, reads
 * each page's module scripts, island components and renderers and inline scripts, and
 * follows their static imports (dynamic imports load later, on demand, and are not counted).
 */
import { rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { signInAsDemoCustomerAt } from '@tests/support/demo-customer-sign-in';
import { freePort } from '@tests/support/free-port';
import { TestBrowser } from '@tests/support/oidc-test-provider';
import { startPortal } from './portal-process';

const dataDir = '.data/bench-pages';
const PUBLIC_PAGES = [
  '/en/',
  '/en/add-user',
  '/en/forgot-password',
  '/en/declaration-and-authorization',
  '/en/faq',
  '/en/contact-us',
  '/fr/',
];
const SIGNED_IN_PAGES = ['/en/dashboard', '/en/add-claim', '/en/profile', '/fr/dashboard'];

/** Module URLs a page's HTML loads at once, and the bytes of its inline scripts. */
function scriptsOf(html: string): { urls: string[]; inline: string[] } {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) urls.add(match[1] ?? '');
  for (const match of html.matchAll(/\s(?:component|renderer)-url="([^"]+)"/g))
    urls.add(match[1] ?? '');
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    urls.add(match[1] ?? '');
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1] ?? '')
    .filter((body) => body.trim() !== '' && !body.trimStart().startsWith('{'));
  urls.delete('');
  return { urls: [...urls], inline };
}

const STATIC_IMPORT = /(?:\bimport|\bfrom)\s*["']([^"']+\.m?js)["']/g;

async function weigh(browser: TestBrowser, base: string, path: string) {
  const html = await (await browser.request(`${base}${path}`)).text();
  const { urls, inline } = scriptsOf(html);
  const seen = new Map<string, string>();
  const queue = urls.map((url) => new URL(url, `${base}${path}`).href);
  while (queue.length > 0) {
    const url = queue.shift() as string;
    if (seen.has(url)) continue;
    const body = await (await fetch(url)).text();
    seen.set(url, body);
    for (const match of body.matchAll(STATIC_IMPORT)) queue.push(new URL(match[1] ?? '', url).href);
  }
  const all = [...seen.values(), ...inline];
  const raw = all.reduce((sum, body) => sum + Buffer.byteLength(body), 0);
  const gzip = all.reduce((sum, body) => sum + gzipSync(body).length, 0);
  return { path, files: seen.size, inline: inline.length, raw, gzip };
}

rmSync(dataDir, { recursive: true, force: true });
const portal = await startPortal(
  { DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(await freePort()), DEMO_DATA: 'on' },
  await freePort(),
);
try {
  const visitor = new TestBrowser();
  const customer = new TestBrowser();
  await signInAsDemoCustomerAt(customer, portal.base, dataDir);
  const { claims } = await (await customer.request(`${portal.base}/api/claims`)).json();
  const claimPage = `/en/claim/${claims[0].submissionId}`;
  const rows = [
    ...(await Promise.all(PUBLIC_PAGES.map((p) => weigh(visitor, portal.base, p)))),
    ...(await Promise.all(
      [...SIGNED_IN_PAGES, claimPage].map((p) => weigh(customer, portal.base, p)),
    )),
  ];
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(`Node ${process.version}; gzip level 6 per file`);
  console.log('| page | JS files | inline scripts | raw KB | gzip KB |');
  console.log('|---|---|---|---|---|');
  for (const r of rows)
    console.log(`| ${r.path} | ${r.files} | ${r.inline} | ${kb(r.raw)} | ${kb(r.gzip)} |`);
  const heaviest = rows.reduce((a, b) => (b.gzip > a.gzip ? b : a));
  console.log(
    `heaviest: ${heaviest.path}, ${kb(heaviest.raw)} KB raw, ${kb(heaviest.gzip)} KB gzipped`,
  );
} finally {
  await portal.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
