import { request } from 'node:http';

export interface UploadAnswer {
  readonly status: number;
  readonly type: string;
  readonly body: string;
  /** From the first byte written to the answer's head. */
  readonly ms: number;
}

/**
 * POSTs `bytes` of filler as fast as the socket takes them, framed with Content-Length or
 * chunked, and resolves with the answer however early it comes (a reset rejects: EPIPE).
 */
export function largeUpload(
  port: number,
  path: string,
  bytes: number,
  framing: 'content-length' | 'chunked',
  headers: Record<string, string> = {},
): Promise<UploadAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: {
          'content-type': 'application/json',
          ...headers,
          ...(framing === 'content-length' ? { 'content-length': String(bytes) } : {}),
        },
      },
      (res) => {
        const ms = performance.now() - started;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type']),
            body: Buffer.concat(chunks).toString('utf8'),
            ms,
          }),
        );
      },
    );
    req.on('error', reject);
    const piece = Buffer.alloc(1024 * 1024, 0x61);
    let sent = 0;
    const writeMore = () => {
      while (sent < bytes) {
        sent += piece.byteLength;
        if (!req.write(piece)) return void req.once('drain', writeMore);
      }
      req.end();
    };
    writeMore();
  });
}
