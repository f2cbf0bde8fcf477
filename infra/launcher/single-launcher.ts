import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PID_FILE = 'launcher.pid';

/**
 * One launcher per data folder. A launcher left running by a killed `npm start` (its
 * parent died, it did not) still holds the port and the database: stop it first.
 */
export async function takeOverDataDir(
  dataDir: string,
  log: (message: string) => void,
): Promise<() => void> {
  const file = join(dataDir, PID_FILE);
  const pid = existsSync(file) ? Number.parseInt(readFileSync(file, 'utf8'), 10) : Number.NaN;
  if (Number.isInteger(pid) && pid !== process.pid && isLauncher(pid)) {
    log(`stopping the earlier launcher (pid ${pid}) still running on ${dataDir}`);
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + 20_000;
    while (isAlive(pid)) {
      if (Date.now() > deadline) {
        process.kill(pid, 'SIGKILL');
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

/** Calls `onOrphaned` once when the process that started this one goes away (e.g. `kill -9` of npm). */
export function watchParent(onOrphaned: () => void): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(timer);
      onOrphaned();
    }
  }, 1_000);
  timer.unref();
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function isLauncher(pid: number): boolean {
  if (!isAlive(pid)) return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('infra/launcher/main.ts');
  } catch {
    return false;
  }
}
