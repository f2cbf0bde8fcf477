import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimStreamId } from '@contracts/claims/events';
import { compareLogPositions, type RecordedEvent } from '@contracts/event-store';
import { amendClaim } from '@services/claims/amend-claim';
import { submitClaim } from '@services/claims/submit-claim';
import {
  claimantFor,
  customerContext,
  type Harness,
  openHarness,
  staffContext,
  staffMember,
  submitRequest,
} from '@tests/support/claims/handler-harness';
import { claimsProjection } from '../claims/claims-projection';
import { CLAIMS_TABLES } from '../claims/claims-tables';
import { readCheckpoint } from './checkpoints';
import { rebuildProjection } from './rebuild';
import { runProjections } from './run-projections';
import {
  projectAll,
  seedClaims,
  tableRows,
  visibleEvents,
} from '@tests/support/projections/claims-log';
import { verifyProjection } from './verify';

describe('rebuild', () => {
  let harness: Harness;
  let ids: string[];
  const pool = () => harness.database.pool;
  const rebuild = (batchSize = 3) =>
    rebuildProjection(pool(), harness.ports.eventStore, claimsProjection, CLAIMS_TABLES, {
      batchSize,
    });
  const definitions = async () =>
    (
      await pool().query(
        `select tablename, indexname, indexdef from pg_indexes
         where schemaname = 'public' and tablename = any($1) order by indexname`,
        [CLAIMS_TABLES],
      )
    ).rows;
  const schemasLeft = async () =>
    (
      await pool().query(
        `select nspname from pg_namespace where nspname ~ '^(rebuild|retired|verify)_'`,
      )
    ).rows;

  beforeAll(async () => {
    harness = await openHarness();
    ids = await seedClaims(harness, ['ana', 'ben', 'cy']);
    await projectAll(harness, claimsProjection);
  });
  afterAll(() => harness.close());

  it('gives the rows the live projection has, under the same index names, and ends the checkpoint at its last event', async () => {
    const live = await tableRows(pool(), CLAIMS_TABLES);
    const indexes = await definitions();
    // It reads only its own event types: claim-number reservations are left out.
    const events = (await visibleEvents(harness)).filter((e) => claimsProjection.handles(e));
    expect(events.length).toBeLessThan((await visibleEvents(harness)).length);

    const result = await rebuild();

    expect(await tableRows(pool(), CLAIMS_TABLES)).toEqual(live);
    expect(live.claim_versions).toHaveLength(3 * 5);
    expect(await definitions()).toEqual(indexes);
    expect(result).toMatchObject({
      projection: 'claims',
      eventsApplied: events.length,
      checkpoint: events.at(-1)?.position,
    });
    expect(result.eventsPerSecond).toBeGreaterThan(0);
    // Each step timed once, in the order it ran, together within the whole.
    expect(result.steps.map((step) => step.name)).toEqual([
      'replay',
      'vacuum',
      'derive',
      'indexes and statistics',
      'swap',
    ]);
    const stepsTotal = result.steps.reduce((sum, step) => sum + step.seconds, 0);
    expect(result.steps.every((step) => step.seconds > 0)).toBe(true);
    expect(stepsTotal).toBeLessThanOrEqual(result.seconds);
    expect(await readCheckpoint(pool(), 'claims')).toEqual(events.at(-1)?.position);
    expect(await schemasLeft()).toEqual([]);
  });

  it("keeps the live columns' statistics targets: the swapped-in tables keep no statistics where the live ones kept none", async () => {
    const targets = async () =>
      (
        await pool().query<{ table: string; column: string; target: number | null }>(
          `select c.relname as table, a.attname as column, a.attstattarget as target
           from pg_attribute a join pg_class c on c.oid = a.attrelid
           join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relname = any($1) and a.attnum > 0
             and not a.attisdropped
           order by c.relname, a.attnum`,
          [CLAIMS_TABLES],
        )
      ).rows;
    const before = await targets();
    const target = (table: string, column: string) =>
      before.find((row) => row.table === table && row.column === column)?.target;
    expect(target('claims', 'initial_documents')).toBe(0);
    expect(target('claim_versions', 'claim_description')).toBe(0);
    expect(target('claims', 'email')).toBeNull();

    await rebuild();

    expect(await targets()).toEqual(before);
    const { rows } = await pool().query<{ attname: string }>(
      `select attname from pg_stats where schemaname = 'public' and tablename = 'claims'`,
    );
    const analyzed = rows.map((row) => row.attname);
    expect(analyzed).toContain('email');
    expect(analyzed).not.toContain('initial_documents');
  });

  it('keeps the identifier columns compared byte by byte, and their indexes with them', async () => {
    const collations = async () =>
      (
        await pool().query<{ column: string; collation: string }>(
          `select a.attname as column, coalesce(co.collname, '') as collation
           from pg_attribute a left join pg_collation co on co.oid = a.attcollation
           where a.attrelid = 'public.claims'::regclass and a.attnum > 0 and not a.attisdropped
             and a.atttypid = 'text'::regtype
           order by a.attname`,
        )
      ).rows;
    const before = await collations();
    const inC = before.filter((row) => row.collation === 'C').map((row) => row.column);
    expect(inC).toEqual(['claim_number', 'confirmation_number', 'customer_id', 'email']);
    expect(before.find((row) => row.column === 'last_name')?.collation).toBe('default');

    await rebuild();

    expect(await collations()).toEqual(before);
    // The index on email compares as its column does, so the search by email can read it.
    // (Asked of the catalogue, not of `explain`: an index built over the updated rows of
    // claims cut by a batch boundary waits for older transactions elsewhere to end first.)
    const { rows } = await pool().query<{ collation: string }>(
      `select co.collname as collation from pg_index i
       join pg_collation co on co.oid = i.indcollation[0]
       where i.indexrelid = 'public.claims_email_newest'::regclass`,
    );
    expect(rows).toEqual([{ collation: 'C' }]);
  });

  it('loads the shadow tables without autovacuum, and swaps in vacuumed tables it is back on for', async () => {
    const autovacuumOptions = async (schema: string) =>
      (
        await pool().query(
          `select c.relname, c.reloptions from pg_class c
           where c.relnamespace = $1::regnamespace and c.relname = any($2) order by c.relname`,
          [schema, CLAIMS_TABLES],
        )
      ).rows;
    const whileLoading: unknown[] = [];
    await rebuildProjection(pool(), harness.ports.eventStore, claimsProjection, CLAIMS_TABLES, {
      batchSize: 3,
      async onProgress() {
        if (whileLoading.length === 0)
          whileLoading.push(...(await autovacuumOptions('rebuild_claims')));
      },
    });
    expect(whileLoading).toEqual(
      [...CLAIMS_TABLES]
        .sort()
        .map((relname) => ({ relname, reloptions: ['autovacuum_enabled=false'] })),
    );
    expect(await autovacuumOptions('public')).toEqual(
      [...CLAIMS_TABLES].sort().map((relname) => ({ relname, reloptions: null })),
    );
    const { rows } = await pool().query(
      `select relname from pg_stat_user_tables
       where schemaname = 'public' and relname = any($1) and last_vacuum is not null and last_analyze is not null
       order by relname`,
      [CLAIMS_TABLES],
    );
    expect(rows.map((r) => r.relname)).toEqual([...CLAIMS_TABLES].sort());
    // Each table analyzed once filled: the derived counts after they were derived.
    const { rows: sizes } = await pool().query(
      `select c.relname, c.reltuples::int as counted,
              (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from public.%I', c.relname), false, true, '')))[1]::text::int as rows
       from pg_class c where c.relnamespace = 'public'::regnamespace and c.relname = any($1)`,
      [CLAIMS_TABLES],
    );
    for (const size of sizes) expect(size.counted, size.relname).toBe(size.rows);
  });

  it('replaces rows the live tables got wrong', async () => {
    await pool().query(`update claims set status = 'Denied' where submission_id = $1`, [ids[0]]);
    await pool().query('delete from claim_versions where submission_id = $1 and version = 2', [
      ids[1],
    ]);
    await rebuild(1_000);
    const { rows } = await pool().query('select status from claims where submission_id = $1', [
      ids[0],
    ]);
    expect(rows[0]?.status).toBe('Approved');
    const versions = await pool().query(
      'select version from claim_versions where submission_id = $1 order by version',
      [ids[1]],
    );
    expect(versions.rows.map((r) => r.version)).toEqual([1, 2, 3, 4, 5]);
  });

  it('leaves the live runner a checkpoint it applies the next batch after', async () => {
    await amendClaim(
      harness.ports,
      { readVersion: 'latest', submissionId: ids[2] as string, changes: { status: 'In Progress' } },
      staffMember,
      staffContext(),
    );
    const events = await projectAll(harness, claimsProjection);
    const { rows } = await pool().query(
      `select c.status, c.version, v.event_type from claims c
       join claim_versions v on v.submission_id = c.submission_id and v.version = c.version
       where c.submission_id = $1`,
      [ids[2]],
    );
    expect(rows[0]).toEqual({
      status: 'In Progress',
      version: 6,
      event_type: 'ClaimAmendedByStaff',
    });
    expect(await readCheckpoint(pool(), 'claims')).toEqual(events.at(-1)?.position);
  });

  it('fails without touching the live tables or the checkpoint, and leaves no shadow, when a batch cannot be written', async () => {
    const live = await tableRows(pool(), CLAIMS_TABLES);
    const checkpoint = await readCheckpoint(pool(), 'claims');
    const failing = claimStreamId(ids[1] as string);
    let batchesAfterTheFailure = 0;
    let failed = false;
    // Without a fold of its own, each lane's part of a batch is gathered and handed to apply.
    const breaking = {
      ...claimsProjection,
      replayFold: undefined,
      async apply(...[client, events, how]: Parameters<typeof claimsProjection.apply>) {
        if (failed) batchesAfterTheFailure += 1;
        if (events.some((e) => e.streamId === failing && e.streamRevision === 2n)) {
          failed = true;
          throw new Error('this batch cannot be folded');
        }
        return claimsProjection.apply(client, events, how);
      },
    };
    await expect(
      rebuildProjection(pool(), harness.ports.eventStore, breaking, CLAIMS_TABLES, {
        batchSize: 1,
      }),
    ).rejects.toThrow('this batch cannot be folded');
    expect(await tableRows(pool(), CLAIMS_TABLES)).toEqual(live);
    expect(await readCheckpoint(pool(), 'claims')).toEqual(checkpoint);
    expect(await schemasLeft()).toEqual([]);
    // The other lane may still write the parts it was given (at most two); no more are read.
    expect(batchesAfterTheFailure).toBeLessThanOrEqual(2);
  });

  it('fails as cleanly when an event cannot be folded as it is read', async () => {
    const live = await tableRows(pool(), CLAIMS_TABLES);
    const checkpoint = await readCheckpoint(pool(), 'claims');
    const failing = claimStreamId(ids[1] as string);
    const fold = claimsProjection.replayFold;
    if (!fold) throw new Error('the claims projection folds a rebuild as it reads');
    const breaking = {
      ...claimsProjection,
      replayFold() {
        const folded = fold();
        return {
          add(event: RecordedEvent) {
            if (event.streamId === failing && event.streamRevision === 2n)
              throw new Error('this event cannot be folded');
            folded.add(event);
          },
          write: folded.write,
        };
      },
    };
    await expect(
      rebuildProjection(pool(), harness.ports.eventStore, breaking, CLAIMS_TABLES, {
        batchSize: 2,
      }),
    ).rejects.toThrow('this event cannot be folded');
    expect(await tableRows(pool(), CLAIMS_TABLES)).toEqual(live);
    expect(await readCheckpoint(pool(), 'claims')).toEqual(checkpoint);
    expect(await schemasLeft()).toEqual([]);
  });

  it('fails as cleanly when the derived tables cannot be filled, and a rebuild after it succeeds', async () => {
    const live = await tableRows(pool(), CLAIMS_TABLES);
    const checkpoint = await readCheckpoint(pool(), 'claims');
    const breaking = {
      ...claimsProjection,
      async deriveAfterReplay() {
        throw new Error('the counts cannot be derived');
      },
    };
    await expect(
      rebuildProjection(pool(), harness.ports.eventStore, breaking, CLAIMS_TABLES),
    ).rejects.toThrow('the counts cannot be derived');
    expect(await tableRows(pool(), CLAIMS_TABLES)).toEqual(live);
    expect(await readCheckpoint(pool(), 'claims')).toEqual(checkpoint);
    expect(await schemasLeft()).toEqual([]);
    await rebuild();
    expect(await tableRows(pool(), CLAIMS_TABLES)).toEqual(live);
  });

  it('swaps while a live runner projects, with events appended during the rebuild', async () => {
    const runner = await runProjections({
      pool: pool(),
      eventStore: harness.ports.eventStore,
      projections: [claimsProjection],
      batchSize: 2,
      leaseTtlMs: 1_000,
    });
    let appended: string | undefined;
    await rebuildProjection(pool(), harness.ports.eventStore, claimsProjection, CLAIMS_TABLES, {
      batchSize: 2,
      async onProgress() {
        appended ??= (
          await submitClaim(
            harness.ports,
            submitRequest,
            claimantFor('dee'),
            customerContext('dee'),
          )
        ).submissionId;
      },
    });
    const last = (await visibleEvents(harness)).at(-1)?.position;
    for (let tries = 0; tries < 200; tries += 1) {
      const checkpoint = await readCheckpoint(pool(), 'claims');
      if (last && compareLogPositions(checkpoint, last) >= 0) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await runner.stop();

    const { rows } = await pool().query('select status from claims where submission_id = $1', [
      appended,
    ]);
    expect(rows).toEqual([{ status: 'Submitted' }]);
    const verified = await verifyProjection(
      pool(),
      harness.ports.eventStore,
      claimsProjection,
      CLAIMS_TABLES,
    );
    expect(verified.differences).toEqual([]);
    expect(verified.checkpoint).toEqual(last);
  });
});
