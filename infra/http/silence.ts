import type { ServerResponse } from 'node:http';

/** After the edge has answered (a 413, a missed deadline), whatever the app writes goes nowhere. */
export function silence(res: ServerResponse): void {
  const noop = () => res;
  res.writeHead = noop as unknown as ServerResponse['writeHead'];
  res.setHeader = noop as unknown as ServerResponse['setHeader'];
  res.write = (() => true) as unknown as ServerResponse['write'];
  res.end = noop as unknown as ServerResponse['end'];
}
