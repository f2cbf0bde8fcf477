import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { NodeHandler } from './edge-handler';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text assets worth compressing; images in public/ are already compressed formats or tiny. */
const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

export type Encoding = 'br' | 'gzip';
const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];

interface Compressed {
  readonly body: Buffer;
  readonly etag: string;
}

/**
 * The first of `ours` (in our order of preference) that the client's Accept-Encoding takes;
 * none when it names none of them or refuses them with q=0.
 */
export function chosenEncoding(
  acceptEncoding: string | undefined,
  ours: readonly Encoding[] = ['br', 'gzip'],
): Encoding | undefined {
  const offered = new Map(
    (acceptEncoding ?? '').split(',').map((part) => {
      const [name = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return [name.trim(), q === undefined ? 1 : Number(q)] as const;
    }),
  );
  return ours.find((encoding) => (offered.get(encoding) ?? 0) > 0);
}

/** URL paths of the text assets under `clientDir`, as the build left them. */
function assetPaths(clientDir: string): Set<string> {
  const files = readdirSync(clientDir, { recursive: true, encoding: 'utf8' });
  return new Set(
    files.filter((file) => extname(file) in TYPES).map((file) => `/${file.split('\\').join('/')}`),
  );
}

async function compress(file: string, encoding: Encoding): Promise<Compressed> {
  const raw = await readFile(file);
  const body =
    encoding === 'br'
      ? await brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
      : await gzipped(raw, { level: 9 });
  const hash = createHash('sha256').update(raw).digest('base64url').slice(0, 22);
  return { body, etag: `"${hash}-${encoding}"` };
}

/**
 * The site's built scripts, styles and icons, compressed once per file and encoding (off the
 * event loop, in zlib's threads, right after start) and kept in memory: dist/client does not change while the
 * portal runs and is about 0.5 MB. Astro's own static handler sends them uncompressed, 213 KB
 * of React for every phone on a slow network (decision 070). Only files the build wrote are
 * candidates, listed once at start, so no request path reaches the file system. Anything
 * else, or a client that takes no compression, goes on to `app` unchanged.
 */
export function serveCompressedAssets(clientDir: string, app: NodeHandler): NodeHandler {
  const assets = assetPaths(clientDir);
  const cache = new Map<string, Promise<Compressed>>();
  const compressed = (path: string, encoding: Encoding) => {
    const key = `${encoding}:${path}`;
    let entry = cache.get(key);
    if (!entry) {
      entry = compress(join(clientDir, path), encoding);
      // A failed read is not remembered: the next request tries again.
      entry.catch(() => cache.delete(key));
      cache.set(key, entry);
    }
    return entry;
  };
  // Compressed ahead, in the background: brotli at its best takes about a second for React's
  // client on this machine, which the first visitor after a start would otherwise wait for.
  setImmediate(() => {
    for (const path of assets)
      for (const encoding of ENCODINGS) compressed(path, encoding).catch(() => undefined);
  });

  return (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split(/[?#]/, 1)[0] ?? '';
    const encoding = chosenEncoding(req.headers['accept-encoding']?.toString());
    const method = req.method ?? '';
    if (!encoding || !assets.has(path) || (method !== 'GET' && method !== 'HEAD'))
      return app(req, res);
    compressed(path, encoding).then(
      (asset) => send(req, res, path, encoding, asset),
      () => app(req, res),
    );
  };
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  encoding: Encoding,
  asset: Compressed,
): void {
  res.setHeader('content-type', TYPES[extname(path)] ?? 'application/octet-stream');
  res.setHeader('content-encoding', encoding);
  res.setHeader('vary', 'Accept-Encoding');
  res.setHeader('etag', asset.etag);
  // Astro names what it builds by content hash; public/ files keep their names and revalidate.
  res.setHeader(
    'cache-control',
    path.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0',
  );
  if (req.headers['if-none-match'] === asset.etag) {
    res.writeHead(304).end();
    return;
  }
  res.setHeader('content-length', asset.body.length);
  res.writeHead(200).end(req.method === 'HEAD' ? undefined : asset.body);
}
