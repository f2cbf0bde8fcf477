import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chosenEncoding, serveBuiltAssets } from './compressed-assets';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw GET: fetch would decompress the body and hide what went over the wire. */
function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
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

describe('compressed assets', () => {
  const script = `export const words = ${JSON.stringify('claim '.repeat(2_000))};\n`;
  let dir: string;
  let server: Server;
  let port: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'compressed-assets-'));
    mkdirSync(join(dir, '_astro'));
    mkdirSync(join(dir, 'styles'));
    writeFileSync(join(dir, '_astro/client.Abc123.js'), script);
    writeFileSync(join(dir, 'styles/site.css'), 'body { margin: 0 }\n'.repeat(200));
    writeFileSync(join(dir, 'photo.jpg'), 'not text');
    const site = serveBuiltAssets(dir, (req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`app: ${req.url}`);
    });
    server = createServer(site);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends a built script in brotli, cached for a year, that decompresses to the file', async () => {
    const answer = await get(port, '/_astro/client.Abc123.js', {
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(Buffer.byteLength(script) / 10);
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it('gzips for a client without brotli, and a public file revalidates', async () => {
    const answer = await get(port, '/styles/site.css', { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['cache-control']).toBe('public, max-age=0');
    expect(gunzipSync(answer.body).toString()).toBe('body { margin: 0 }\n'.repeat(200));
    const again = await get(port, '/styles/site.css', {
      'accept-encoding': 'gzip',
      'if-none-match': String(answer.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('sends a client that takes no compression the file as built, and any built file', async () => {
    for (const [path, headers, body, type] of [
      ['/_astro/client.Abc123.js', {}, script, 'text/javascript; charset=utf-8'],
      [
        '/_astro/client.Abc123.js',
        { 'accept-encoding': 'identity, br;q=0, gzip;q=0' },
        script,
        'text/javascript; charset=utf-8',
      ],
      ['/photo.jpg', { 'accept-encoding': 'br' }, 'not text', 'image/jpeg'],
    ] as const) {
      const answer = await get(port, path, headers);
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-encoding'], path).toBeUndefined();
      expect(answer.headers['content-type'], path).toBe(type);
      expect(answer.body.toString(), path).toBe(body);
    }
  });

  it('leaves to the app every path the build did not write, and other methods', async () => {
    for (const path of [
      '/_astro/../_astro/client.Abc123.js',
      '/_astro/missing.js',
      '/en/',
      '/_astro',
      '/api/claims',
    ]) {
      const answer = await get(port, path, { 'accept-encoding': 'br' });
      expect(answer.headers['content-encoding'], path).toBeUndefined();
      expect(answer.body.toString(), path).toBe(`app: ${path}`);
    }
  });

  it('chooses by the client’s Accept-Encoding and our order', () => {
    expect(chosenEncoding('gzip, deflate, br')).toBe('br');
    expect(chosenEncoding('gzip;q=0.5, br;q=0')).toBe('gzip');
    expect(chosenEncoding('br', ['gzip'])).toBeUndefined();
    expect(chosenEncoding(undefined)).toBeUndefined();
    expect(chosenEncoding('*')).toBeUndefined();
  });
});
