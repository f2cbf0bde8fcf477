import { type ChildProcess, spawn } from 'node:child_process';

export interface LauncherProcess {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

/** Starts `npm start`'s launcher as its own process, exactly as the script does. */
export function spawnLauncher(env: Record<string, string>): LauncherProcess {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/launcher/main.ts'], {
    env: { ...process.env, LOG_FORMAT: 'json', NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export async function waitUntilServing(
  url: string,
  launcher: LauncherProcess,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (launcher.child.exitCode !== null) {
      throw new Error(`launcher exited with ${launcher.child.exitCode}:\n${launcher.output()}`);
    }
    const ok = await fetch(url, { redirect: 'manual' })
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`not serving ${url} after ${timeoutMs} ms:\n${launcher.output()}`);
}
