import type { IdentityStore } from '@contracts/identity/identity-store';
import type { SqlClient } from '@projections/runner/sql';
import { createPostgresAbuseStore, pruneExpiredLimits } from './postgres-abuse-store';
import { createPostgresAccountStore } from './postgres-account-store';
import { createPostgresCodeStore, pruneExpiredCodes } from './postgres-code-store';
import { createPostgresFlowStore, pruneExpiredFlows } from './postgres-flow-store';
import { createPostgresSessionStore, pruneExpiredSessions } from './postgres-session-store';
import type { NoticedCache } from './session-caches';

export type SessionWithAccount = NonNullable<
  Awaited<ReturnType<IdentityStore['findSessionWithAccount']>>
>;

/**
 * The identity store on the application's Postgres (tables of identityMigrations). With a
 * cache, sessions are read from memory while change notices are heard (decision 086), and
 * every write here drops what it changed at once, before any notice arrives.
 */
export function createPostgresIdentityStore(
  db: SqlClient,
  sessions?: NoticedCache<SessionWithAccount>,
): IdentityStore {
  const store = uncachedIdentityStore(db);
  if (!sessions) return store;
  const ofAccount = (id: string) => sessions.evictWhere((s) => s.session.customerId === id);
  return {
    ...store,
    findSessionWithAccount: (idHash) =>
      sessions.get(idHash, () => store.findSessionWithAccount(idHash)),
    async markAccountVerified(id, at) {
      await store.markAccountVerified(id, at);
      ofAccount(id);
    },
    async updateAccountProfile(id, profile, at) {
      const updated = await store.updateAccountProfile(id, profile, at);
      ofAccount(id);
      return updated;
    },
    async replacePassword(id, passwordHash, at) {
      const replaced = await store.replacePassword(id, passwordHash, at);
      ofAccount(id);
      return replaced;
    },
    async touchSession(idHash, activity) {
      const touched = await store.touchSession(idHash, activity);
      sessions.evict(idHash);
      return touched;
    },
    async deleteSession(idHash) {
      await store.deleteSession(idHash);
      sessions.evict(idHash);
    },
    async deleteSessionsOf(customerId) {
      const ended = await store.deleteSessionsOf(customerId);
      ofAccount(customerId);
      return ended;
    },
    async pruneExpired(now) {
      await store.pruneExpired(now);
      sessions.clear();
    },
  };
}

/** The identity store: one store per concern, joined behind IdentityStore. */
function uncachedIdentityStore(db: SqlClient): IdentityStore {
  return {
    ...createPostgresAccountStore(db),
    ...createPostgresCodeStore(db),
    ...createPostgresFlowStore(db),
    ...createPostgresSessionStore(db),
    ...createPostgresAbuseStore(db),
    async pruneExpired(now) {
      await pruneExpiredFlows(db, now);
      await pruneExpiredCodes(db, now);
      await pruneExpiredSessions(db, now);
      await pruneExpiredLimits(db, now);
    },
  };
}
