import { Agent, request } from 'node:http';

export interface LightAnswer {
  readonly status: number;
  readonly etag: string | undefined;
  readonly text: string;
}

/**
 * The bench's HTTP client for both the portal and the reference: `node:http` on kept-alive
 * sockets, one per client, fixed headers and no cookie jar. fetch (undici) cost the bench's
 * process about 0.6–0.9 ms of CPU per request on the same two cores as the servers it
 * measures; this is the load generator's share kept small, as autocannon or wrk would.
 */
export function lightClient(base: string, fixedHeaders: Record<string, string>) {
  const { hostname, port } = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const send = (
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
    retry = true,
  ): Promise<LightAnswer> =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const req = request(
        {
          agent,
          hostname,
          port,
          method,
          path,
          headers: {
            ...fixedHeaders,
            ...(payload
              ? { 'content-type': 'application/json', 'content-length': payload.length }
              : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              etag: res.headers.etag,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive socket the server closed as it was reused (after the portal was
        // paused, its idle timers fire at once): nothing reached the server; send it again.
        if (retry && req.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE'))
          resolve(send(method, path, body, headers, false));
        else reject(error);
      });
      req.end(payload);
    });
  return send;
}
