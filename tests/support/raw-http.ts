import { Agent, request } from 'node:http';
import { connect } from 'node:net';

export interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

export interface RawRequest {
  readonly method: string;
  /** Sent as written: percent signs, `..` and odd bytes reach the server untouched. */
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Buffer;
  /** The client's source address, e.g. 127.0.0.2 to play a proxy. */
  readonly localAddress?: string;
}

const agents = new Map<string, Agent>();
const agentFor = (localAddress = '') => {
  let agent = agents.get(localAddress);
  if (!agent) {
    agent = new Agent({ keepAlive: true, maxSockets: 16, localAddress: localAddress || undefined });
    agents.set(localAddress, agent);
  }
  return agent;
};

const flat = (headers: Record<string, string | string[] | undefined>) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join('\n') : (value ?? ''),
    ]),
  );

/**
 * One request through node:http rather than fetch: fetch refuses TRACE and CONNECT, rewrites
 * the Host header and normalises the path, and all of those are what the tests send.
 */
export function send(port: number, spec: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: spec.method,
        path: spec.path,
        // Node frames a body with Content-Length only for some methods; every real client does.
        headers:
          spec.body === undefined
            ? spec.headers
            : { ...spec.headers, 'content-length': String(Buffer.byteLength(spec.body)) },
        agent: agentFor(spec.localAddress),
        setHost: spec.headers?.host === undefined,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: flat(res.headers),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${spec.method} ${spec.path}`)));
    req.end(spec.body);
  });
}

/** Bytes written straight to a socket, for what no HTTP client will send (`GET *`, raw controls). */
export function sendBytes(port: number, text: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(Buffer.from(text, 'latin1')));
    const chunks: Buffer[] = [];
    // The first answer is all we read: the server may keep the connection open after it.
    const complete = () => {
      const raw = Buffer.concat(chunks).toString('latin1');
      const end = raw.indexOf('\r\n\r\n');
      if (end < 0) return false;
      const head = raw.slice(0, end);
      if (/\r\ntransfer-encoding: *chunked/i.test(head)) return raw.endsWith('\r\n0\r\n\r\n');
      const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
      return length !== undefined && raw.length >= end + 4 + Number(length);
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      if (complete()) socket.destroy();
    });
    socket.on('error', reject);
    socket.setTimeout(5_000, () => socket.destroy());
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = raw.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(':');
        if (at > 0) headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(' ')[1] ?? 0),
        headers,
        body: rest.join('\r\n\r\n'),
      });
    });
  });
}

export function closeAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/** Runs `work` over `items` with at most `width` in flight. */
export async function inParallel<T>(
  items: readonly T[],
  width: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
}
