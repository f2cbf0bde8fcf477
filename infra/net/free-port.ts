import { createServer } from 'node:net';

/** `FROM-TO`, both ports inclusive: where a tool's local processes may listen. */
export interface PortRange {
  readonly from: number;
  readonly to: number;
}

/** Parses `FROM-TO` (1024–65535, FROM ≤ TO); undefined for no text, an Error for a bad one. */
export function parsePortRange(text: string | undefined): PortRange | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const match = /^\s*(\d{4,5})\s*-\s*(\d{4,5})\s*$/.exec(text);
  const from = Number(match?.[1]);
  const to = Number(match?.[2]);
  if (!match || from < 1024 || to > 65_535 || from > to)
    throw new Error(`${text}: a port range is FROM-TO, from 1024 to 65535, FROM not above TO`);
  return { from, to };
}

/** Ports this process has handed out: two callers asking at once never get the same one. */
const handedOut = new Set<number>();

/**
 * A port on 127.0.0.1 that nothing listens on. With `PORT_RANGE=FROM-TO` in the environment
 * (what `--ports` of `stack:local`, `soak`, `kafka:broker` and `bench:lighthouse` sets), only
 * from that range, so every process of a tool stays where a firewall or a colleague expects it.
 */
export async function freePort(range = parsePortRange(process.env.PORT_RANGE)): Promise<number> {
  if (!range) return bindable(0);
  for (let port = range.from; port <= range.to; port += 1) {
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (
      await bindable(port).then(
        () => true,
        () => false,
      )
    )
      return port;
  }
  throw new Error(`no free port left in ${range.from}-${range.to}`);
}

function bindable(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/** For a CLI's `--ports FROM-TO`: checks it and hands it to this process and its children. */
export function applyPortRange(text: string | undefined): PortRange | undefined {
  const range = parsePortRange(text);
  if (range) process.env.PORT_RANGE = `${range.from}-${range.to}`;
  return range;
}
