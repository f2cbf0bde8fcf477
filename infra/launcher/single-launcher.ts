import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commandLineIncludes, stopProcess } from '../files/processes';

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
    await stopProcess(pid, 'SIGTERM', 20_000);
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

const isLauncher = (pid: number) => commandLineIncludes(pid, 'infra/launcher/main.ts') === true;
