import type { IdentityPorts } from './ports';

/** Drops expired flows, codes, sessions, counters and locks; the launcher runs it hourly. */
export const pruneIdentityData = (ports: Pick<IdentityPorts, 'store' | 'clock'>) =>
  ports.store.pruneExpired(ports.clock.now());
