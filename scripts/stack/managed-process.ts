import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';

export interface ManagedProcessOptions {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly env?: Record<string, string>;
  /** Where stdout and stderr go, appended across restarts. */
  readonly logFile: string;
  /** Each output line, as it comes (the soak reads the projectors' role changes from it). */
  readonly onLine?: (line: string) => void;
}

/** A child of the stack: started, killed and restarted by its own process id, never by name. */
export interface ManagedProcess {
  readonly name: string;
  pid(): number | undefined;
  running(): boolean;
  start(): void;
  /** SIGKILL: a crash, nothing flushed. */
  kill(): Promise<void>;
  /** SIGTERM (the process's own clean stop), SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

export function managedProcess(options: ManagedProcessOptions): ManagedProcess {
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;

  function start(): void {
    if (running()) return;
    const out = openSync(options.logFile, 'a');
    const spawned = spawn(options.command, [...options.args], {
      env: { ...process.env, ...options.env },
      stdio: ['ignore', options.onLine ? 'pipe' : out, options.onLine ? 'pipe' : out],
    });
    if (options.onLine) forwardLines(spawned, out, options.onLine);
    else closeSync(out);
    child = spawned;
    exited = new Promise((resolve) => spawned.once('exit', () => resolve()));
  }

  async function signal(name: NodeJS.Signals, graceMs: number): Promise<void> {
    const current = child;
    const pid = current?.pid;
    if (!current || pid === undefined || !running()) return;
    process.kill(pid, name);
    const timer = setTimeout(() => {
      if (current.exitCode === null && current.signalCode === null) process.kill(pid, 'SIGKILL');
    }, graceMs);
    await exited;
    clearTimeout(timer);
  }

  return {
    name: options.name,
    pid: () => (running() ? child?.pid : undefined),
    running,
    start,
    kill: () => signal('SIGKILL', 0),
    stop: (graceMs = 20_000) => signal('SIGTERM', graceMs),
  };
}

function forwardLines(child: ChildProcess, fd: number, onLine: (line: string) => void): void {
  let pending = '';
  let open = 2;
  const take = (chunk: Buffer) => {
    const text = pending + chunk.toString('utf8');
    const lines = text.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  };
  const write = (chunk: Buffer) => {
    try {
      writeSync(fd, chunk);
    } catch {
      // A full disk must not stop the stack; the line still reaches onLine.
    }
    take(chunk);
  };
  const done = () => {
    open -= 1;
    if (open === 0) closeSync(fd);
  };
  child.stdout?.on('data', write).once('close', done);
  child.stderr?.on('data', write).once('close', done);
}

/** Waits until `url` answers 2xx or `deadline` passes; fails early when `alive` says no. */
export async function waitForHttp(
  url: string,
  alive: () => boolean,
  timeoutMs = 180_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!alive()) throw new Error(`the process behind ${url} exited during start-up`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
