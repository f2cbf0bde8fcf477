import { readFileSync } from 'node:fs';

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether a live process's command line mentions `text` (undefined when it cannot be read). */
export function commandLineIncludes(pid: number, text: string): boolean | undefined {
  if (!isAlive(pid)) return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text);
  } catch {
    return undefined;
  }
}

/** Sends `signal`, waits up to `timeoutMs` for the process to end, then kills it. */
export async function stopProcess(
  pid: number,
  signal: NodeJS.Signals,
  timeoutMs: number,
): Promise<void> {
  process.kill(pid, signal);
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGKILL');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
