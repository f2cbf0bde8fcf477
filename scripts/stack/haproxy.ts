import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ManagedProcess, managedProcess } from './managed-process';

export const HAPROXY = '/usr/sbin/haproxy';

/** The portals' own deadlines (REQUEST_DEADLINE_MS; an upload's, with its inspection's). */
export interface PortalDeadlines {
  readonly requestMs: number;
  readonly uploadMs: number;
}
/** The header the soak tags each request with, so haproxy's log says which portal served it. */
export const REQUEST_ID_HEADER = 'x-soak-request';

export interface HaproxyLine {
  readonly requestId: string;
  /** The portal's server name (portal-1…), or `<NOSRV>` when none was reached. */
  readonly server: string;
  readonly status: number;
  /** haproxy's termination state: `----` is a clean end; `SH--` the server hung up mid-answer. */
  readonly termination: string;
  /** Connection attempts beyond the first (a redispatch after a refused connection). */
  readonly retries: number;
}

/**
 * One frontend on loopback, round robin over the portals. A portal is taken out after two
 * failed checks a second apart (a killed one at once: its refused connections are
 * redispatched before that). A refused connection is tried again on another portal (nothing
 * was sent); a GET whose portal died mid-answer is replayed; a POST is not (it may have been
 * applied), so its client sees the 502 of a request in flight at a killed process.
 *
 * A frozen portal (SIGSTOP, a VM pause) accepts connections and never answers, so it cannot
 * keep its own request deadline: haproxy keeps it for it, answering 504 half a second after
 * the portal's own 503 would have come (decision 135). Such a request is not replayed: a
 * second try would end past the deadline, and a POST may yet be applied when the portal wakes.
 */
export function haproxyConfig(
  port: number,
  portals: readonly number[],
  deadlines: PortalDeadlines = { requestMs: 10_000, uploadMs: 25_000 },
): string {
  const timeout = (ms: number) => (deadlines.requestMs > 0 ? `${ms + 500}ms` : '60s');
  return `${[
    'global',
    '  log stdout format raw local0',
    '  maxconn 2000',
    'defaults',
    '  mode http',
    '  log global',
    '  timeout connect 2s',
    '  timeout client 60s',
    `  timeout server ${timeout(deadlines.requestMs)}`,
    '  timeout http-request 15s',
    // Longer than any client keeps an idle connection: haproxy must not close one under a request.
    '  timeout http-keep-alive 120s',
    // A busy portal (argon2, a PDF in the worker pool) is slow, not dead; a dead one refuses.
    '  timeout check 3s',
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response',
    'frontend portal',
    `  bind 127.0.0.1:${port}`,
    `  capture request header ${REQUEST_ID_HEADER} len 40`,
    // id server status termination retries (the last of %rc, which counts redispatches too)
    '  log-format "soak %hr %s %ST %tsc %rc"',
    '  option forwardfor',
    '  http-request disable-l7-retry if !METH_GET !METH_HEAD',
    '  default_backend portals',
    'backend portals',
    '  balance roundrobin',
    // An upload's files are judged under a deadline of their own on top (request-deadline.ts).
    `  http-request set-timeout server ${timeout(deadlines.uploadMs)} if { req.hdr(content-type) -m beg -i multipart/form-data }`,
    // The portal refuses a request without Host, as any client must send one.
    '  option httpchk',
    '  http-check send meth GET uri /locales/en.json ver HTTP/1.1 hdr Host 127.0.0.1',
    '  default-server inter 1s fall 2 rise 1',
    ...portals.map((p, i) => `  server portal-${i + 1} 127.0.0.1:${p} check`),
  ].join('\n')}\n`;
}

/** `soak {id} portal-2 200 ---- 0` → its parts; anything else (start-up notices) → undefined. */
export function parseHaproxyLine(line: string): HaproxyLine | undefined {
  const match = /^soak \{([^}]*)\} (\S+) (-?\d+) (\S{4}) ([+-]?\d+)$/.exec(line.trim());
  if (!match) return undefined;
  const [, requestId = '', server = '', status = '0', termination = '', retries = '0'] = match;
  return {
    requestId,
    server,
    status: Number(status),
    termination,
    retries: Math.max(0, Number(retries)),
  };
}

export function startHaproxy(
  dir: string,
  port: number,
  portals: readonly number[],
  deadlines: PortalDeadlines,
  onLine: (line: HaproxyLine) => void,
): ManagedProcess {
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(port, portals, deadlines));
  const proxy = managedProcess({
    name: 'haproxy',
    command: HAPROXY,
    args: ['-db', '-f', file],
    logFile: join(dir, 'haproxy.log'),
    onLine: (text) => {
      const parsed = parseHaproxyLine(text);
      if (parsed) onLine(parsed);
    },
  });
  proxy.start();
  return proxy;
}
