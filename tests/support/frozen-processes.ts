import { execFileSync } from 'node:child_process';

/** The postmaster listening on the port and every backend it forked. */
export function postgresProcesses(port: number): number[] {
  const listeners = execFileSync('sh', ['-c', `ss -ltnpH 'sport = :${port}' || true`])
    .toString()
    .match(/pid=(\d+)/g);
  const postmaster = Number(listeners?.[0]?.slice(4));
  if (!postmaster) throw new Error(`no Postgres listening on ${port}`);
  const children = execFileSync('sh', ['-c', `pgrep -P ${postmaster} || true`])
    .toString()
    .split('\n')
    .filter(Boolean)
    .map(Number);
  return [postmaster, ...children];
}

/** SIGSTOP / SIGCONT to each process by its id; one already gone is skipped. */
export function signalAll(pids: readonly number[], name: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {}
  }
}
