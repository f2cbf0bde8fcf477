import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { NodeHandler } from './edge-handler';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text assets worth compressing; images are compressed formats already. */
const TEXT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};
const TYPES: Readonly<Record<string, string>> = {
  ...TEXT_TYPES,
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
};

export type Encoding = 'br' | 'gzip';
const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];
type Sent = Encoding | 'identity';

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

/** URL paths of every file under `clientDir`, as the build left them. */
function builtFiles(clientDir: string): Set<string> {
  const entries = readdirSync(clientDir, { recursive: true, withFileTypes: true });
  return new Set(
    entries
      .filter((entry) => entry.isFile())
      .map(
        (entry) =>
          `/${relative(clientDir, join(entry.parentPath, entry.name)).split(sep).join('/')}`,
      ),
  );
}

const compressible = (path: string) => extname(path) in TEXT_TYPES;

async function compress(file: string, encoding: Sent): Promise<Compressed> {
  const raw = await readFile(file);
  const body =
    encoding === 'identity'
      ? raw
      : encoding === 'br'
        ? await brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
        : await gzipped(raw, { level: 9 });
  const hash = createHash('sha256').update(raw).digest('base64url').slice(0, 22);
  return { body, etag: `"${hash}-${encoding}"` };
}

/**
 * Every file the build wrote to dist/client (scripts, styles, icons), read once and kept in
 * memory, compressed once per encoding for the text ones (off the event loop, in zlib's
 * threads, right after start): dist/client does not change while the portal runs and is
 * about 0.5 MB. Astro's own static handler sent them uncompressed, 213 KB of React for every
 * phone on a slow network (decision 070), and looked each request's path up on disk, API
 * calls included, before the app saw it (decision 079). The files are listed once at start,
 * so no request path reaches the file system; anything else goes on to `app` unchanged.
 */
export function serveBuiltAssets(clientDir: string, app: NodeHandler): NodeHandler {
  const assets = builtFiles(clientDir);
  const cache = new Map<string, Promise<Compressed>>();
  const compressed = (path: string, encoding: Sent) => {
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
      for (const encoding of compressible(path)
        ? [...ENCODINGS, 'identity' as const]
        : ['identity' as const])
        compressed(path, encoding).catch(() => undefined);
  });

  return (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split(/[?#]/, 1)[0] ?? '';
    const method = req.method ?? '';
    if (!assets.has(path) || (method !== 'GET' && method !== 'HEAD')) return app(req, res);
    const encoding =
      (compressible(path) && chosenEncoding(req.headers['accept-encoding']?.toString())) ||
      'identity';
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
  encoding: Sent,
  asset: Compressed,
): void {
  res.setHeader('content-type', TYPES[extname(path)] ?? 'application/octet-stream');
  if (encoding !== 'identity') res.setHeader('content-encoding', encoding);
  if (compressible(path)) res.setHeader('vary', 'Accept-Encoding');
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
