import type { IdentityPorts } from './ports';

/** Drops expired flows, codes, sessions, counters and locks; run it now and then. */
export const pruneIdentityData = (ports: IdentityPorts) =>
  ports.store.pruneExpired(ports.clock.now());
