import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { problemTitle } from '@contracts/api/problem-titles';
import type { NodeHandler } from './edge-handler';
import { silence } from './silence';

/** What the server still reads and throws away after refusing a body, before it hangs up. */
const DISCARD_AT_MOST = 256 * 1024 * 1024;

/**
 * Bodies above `maxBytes` (the largest any route accepts) are refused with 413 problem+json
 * before they are read: from the Content-Length, or for a chunked body as the bytes pass the
 * limit. The rest of the body is read and thrown away rather than the connection reset, so the
 * client, still writing, reads the refusal instead of EPIPE.
 */
export function limitRequestBodies(app: NodeHandler, maxBytes: number): NodeHandler {
  return (req, res) => {
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > maxBytes) {
      refuse(req, res, maxBytes);
      return;
    }
    if (req.headers['transfer-encoding'] !== undefined) cutChunkedAt(req, res, maxBytes);
    app(req, res);
  };
}

/** Counts a chunked body as the parser hands it over; past the limit the app sees no more. */
function cutChunkedAt(req: IncomingMessage, res: ServerResponse, maxBytes: number): void {
  let received = 0;
  let cut = false;
  const push = req.push.bind(req);
  req.push = (chunk: unknown, encoding?: BufferEncoding) => {
    // The end still reaches the app, which answers a truncated body into the silenced response.
    if (chunk === null) return push(chunk, encoding);
    if (cut) return true;
    received += Buffer.isBuffer(chunk) ? chunk.byteLength : 0;
    if (received <= maxBytes) return push(chunk, encoding);
    cut = true;
    if (!res.headersSent) answer413(req, res, maxBytes);
    silence(res);
    return true;
  };
}

function refuse(req: IncomingMessage, res: ServerResponse, maxBytes: number): void {
  answer413(req, res, maxBytes);
  discardRest(req);
}

function answer413(req: IncomingMessage, res: ServerResponse, maxBytes: number): void {
  const lang = /^\s*fr\b/i.test(req.headers['accept-language'] ?? '') ? 'fr' : 'en';
  const requestId = randomUUID();
  const body = JSON.stringify({
    type: 'about:blank',
    title: problemTitle('PAYLOAD_TOO_LARGE', lang),
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    detail: `body over ${maxBytes} bytes`,
    requestId,
  });
  res.writeHead(413, {
    'content-type': 'application/problem+json',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    'x-request-id': requestId,
  });
  res.end(body);
}

/** Reads what is left so the client finishes writing; a body past DISCARD_AT_MOST is cut off. */
function discardRest(req: IncomingMessage): void {
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.byteLength;
    if (discarded > DISCARD_AT_MOST) req.socket.destroy();
  });
  req.on('error', () => {});
  req.resume();
}
