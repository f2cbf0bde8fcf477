import pg from 'pg';
import type { DocumentStorage } from '@contracts/documents/document-storage';
import type { EventStore } from '@contracts/event-store';
import type { Mailer } from '@contracts/mail';
import { type Config, getConfig } from './config/config';
import { createDocumentStorage } from './documents/create-document-storage';
import {
  createInspectionPool,
  defaultInspectionWorkers,
  type InspectionPool,
} from './documents/inspection-pool';
import { boundCheckouts } from './postgres/checkout-bound';
import { boundedPoolOptions, leasePoolOptions } from './postgres/pool-bounds';
import { watchQueries } from './postgres/query-watchdog';
import { observedInspectionPool } from './documents/observed-inspection-pool';
import { createEventStore } from './eventstore/create-event-store';
import type { SessionWithAccount } from './identity/postgres-identity-store';
import { createSessionCaches, type SessionCaches } from './identity/session-caches';
import { createMailer } from './mail/create-mailer';
import type { StaffSession } from './oidc/staff-sessions';
import { getLogger } from './logging/logger';

export interface Runtime {
  readonly config: Config;
  readonly pool: pg.Pool;
  /** Only for the elected roles' leases (decision 112): dropped by Postgres when left idle. */
  readonly leasePool: pg.Pool;
  readonly eventStore: EventStore;
  readonly documents: DocumentStorage;
  readonly mailer: Mailer;
  /** Uploaded files are judged on worker threads with caps (decision 049). */
  readonly inspector: InspectionPool;
  /** Customer and staff sessions kept while their change notices are heard (decision 086). */
  readonly sessions: SessionCaches<SessionWithAccount, StaffSession>;
}

const RUNTIME_KEY = Symbol.for('claims-portal.runtime');
type Holder = { [RUNTIME_KEY]?: Promise<Runtime> };

/**
 * The process-wide runtime (pool and event store). The launcher opens it once; the
 * bundled site finds the same instance through globalThis instead of opening a second pool.
 */
export function getRuntime(): Promise<Runtime> {
  const holder = globalThis as Holder;
  holder[RUNTIME_KEY] ??= openRuntime(getConfig());
  return holder[RUNTIME_KEY];
}

export function openRuntime(config: Config, databaseUrl = config.DATABASE_URL): Promise<Runtime> {
  const holder = globalThis as Holder;
  holder[RUNTIME_KEY] = (async () => {
    if (!databaseUrl) {
      throw new Error(
        'DATABASE_URL is not set: start the portal with `npm start` or `npm run dev`',
      );
    }
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 20,
      ...boundedPoolOptions(config),
    });
    pool.on('error', (error: Error & { code?: string }) => {
      // 57P01: Postgres is shutting down (e.g. Ctrl-C reached it first); not a fault.
      if (error.code === '57P01')
        getLogger().info('Postgres closed an idle connection while shutting down');
      else getLogger().error({ err: error }, 'idle Postgres client failed');
    });
    // A client checked out and between queries when Postgres goes away emits 'error' with
    // no listener, which would end the process; the pool drops it on release anyway.
    pool.on('connect', (client) => {
      client.on('error', (error: Error & { code?: string }) =>
        getLogger().warn({ code: error.code }, 'Postgres connection lost; it will be replaced'),
      );
    });
    const leasePool = new pg.Pool({ connectionString: databaseUrl, ...leasePoolOptions(config) });
    for (const bounded of [pool, leasePool]) {
      watchQueries(bounded, config);
      boundCheckouts(bounded, config);
    }
    // A lease connection a frozen process left idle is ended by Postgres: no fault of ours.
    leasePool.on('error', (error) => getLogger().warn({ err: error }, 'lease connection lost'));
    leasePool.on('connect', (client) => client.on('error', () => {}));
    const eventStore = await createEventStore(config, pool);
    return {
      config,
      pool,
      leasePool,
      eventStore,
      documents: createDocumentStorage(config),
      mailer: createMailer(config, getLogger(), pool),
      inspector: observedInspectionPool(
        createInspectionPool({
          workers: config.INSPECTION_WORKERS ?? defaultInspectionWorkers(),
          heapMb: config.INSPECTION_HEAP_MB,
          fileDeadlineMs: config.INSPECTION_FILE_DEADLINE_MS,
          requestDeadlineMs: config.INSPECTION_REQUEST_DEADLINE_MS,
          recycleMb: config.INSPECTION_RECYCLE_MB,
        }),
      ),
      sessions: createSessionCaches<SessionWithAccount, StaffSession>(pool),
    };
  })();
  return holder[RUNTIME_KEY];
}

export async function closeRuntime(): Promise<void> {
  const holder = globalThis as Holder;
  const runtime = await holder[RUNTIME_KEY]?.catch(() => undefined);
  holder[RUNTIME_KEY] = undefined;
  if (!runtime) return;
  await runtime.eventStore.close();
  await runtime.mailer.close();
  await runtime.inspector.close();
  await runtime.sessions.close();
  await runtime.pool.end();
  await runtime.leasePool.end();
}
