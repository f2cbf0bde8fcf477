import { readdirSync, readFileSync } from 'node:fs';

const TICKS = 100; // USER_HZ on Linux

interface ProcessCpu {
  readonly pid: number;
  readonly ppid: number;
  /** Its own CPU and that of its children it has waited for (exited backends, say). */
  readonly ms: number;
}

/** The fields of /proc/<pid>/stat after the command name, which may hold spaces. */
function statFields(pid: string): string[] {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
}

function statOf(pid: string): ProcessCpu | undefined {
  try {
    const fields = statFields(pid);
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    return { pid: Number(pid), ppid: Number(fields[1]), ms: (ticks * 1000) / TICKS };
  } catch {
    return undefined; // exited while listed
  }
}

/**
 * CPU ms used so far by a process (`node`) and every descendant (`postgres`, its backends).
 * A backend that has exited counts through its postmaster, which waited for it: a rebuild's
 * connections close before the bench reads the figures.
 */
export function processTreeCpu(rootPid: number): { node: number; postgres: number } {
  const stats = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(statOf)
    .filter((s) => s !== undefined);
  const parent = new Map(stats.map((s) => [s.pid, s.ppid]));
  const descends = (pid: number): boolean => {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p))
      if (p === rootPid) return true;
    return false;
  };
  return {
    node: stats.find((s) => s.pid === rootPid)?.ms ?? 0,
    postgres: stats.filter((s) => descends(s.pid)).reduce((sum, s) => sum + s.ms, 0),
  };
}

/** CPU ms of the children this process has waited for, such as a `spawnSync` just run. */
export function waitedChildrenCpu(): number {
  const fields = statFields('self');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / TICKS;
}
