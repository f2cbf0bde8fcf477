import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PortalUnderTest, startPortalUnderTest } from '../faults/portal-under-test';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET that keeps the bytes as sent: fetch would decompress them and hide the encoding. */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/**
 * Decision 070, through `npm start`'s launcher: pages gzipped and built assets in brotli for a
 * browser that asks, the same bytes as before once decoded, every security header kept; a
 * client that asks for nothing gets what it got before.
 */
describe('compression at the portal', () => {
  let portal: PortalUnderTest;
  let asset = '';

  beforeAll(async () => {
    portal = await startPortalUnderTest();
    const home = (await get(portal.base, '/en/')).body.toString();
    asset = /"(\/_astro\/client\.[^"]+\.js)"/.exec(home)?.[1] ?? '';
  }, 240_000);
  afterAll(async () => {
    await portal?.stop();
  });

  it('gzips a page for a browser, with its security headers and description', async () => {
    const plain = await get(portal.base, '/fr/faq');
    const page = await get(portal.base, '/fr/faq', BROWSER);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(String(page.headers.vary)).toMatch(/accept-encoding/i);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const html = gunzipSync(page.body).toString();
    expect(html).toContain('<meta name="description" content="Réponses aux questions');
    expect(page.body.length).toBeLessThan(Buffer.byteLength(html) / 2);
  });

  it('sends React’s client in brotli, a year immutable, decoding to the file Astro serves', async () => {
    expect(asset).toMatch(/^\/_astro\/client\./);
    const plain = await get(portal.base, asset);
    const compressed = await get(portal.base, asset, BROWSER);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(compressed.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(brotliDecompressSync(compressed.body).equals(plain.body)).toBe(true);
    expect(compressed.body.length).toBeLessThan(plain.body.length / 2);
  });

  it('does not compress API answers or refusals', async () => {
    const health = await get(portal.base, '/api/health', BROWSER);
    expect(health.headers['content-encoding']).toBeUndefined();
    const missing = await get(portal.base, '/_astro/no-such-file.js', BROWSER);
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).not.toBe('br');
  });
});
