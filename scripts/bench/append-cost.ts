/**
 * `npm run bench:append-cost [-- --seconds 2 --rounds 5]`: where an append batch's time
 * goes inside Postgres. One connection runs each statement back to back, the statements
 * taking turns round after round, with synchronous_commit off (the backend's work alone) and
 * on (plus the commit's flush). Every statement builds the same 8 single-event appends
 * server-side (`bench_fields`, time-ordered ids like the portal's), so the "text only" row
 * is subtracted from the others.
 */
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { eventStoreMigrations } from '@infra/eventstore/postgres/schema';
import { startEmbeddedPostgres } from '@infra/postgres/embedded';
import { migrate } from '@infra/postgres/migrate';
import { freePort } from '@tests/support/free-port';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '5' },
  },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);

/** The batch append_events_v3 receives for 8 one-event appends (see migration 004). */
const FIELDS_FUNCTION = `
  create or replace function bench_fields(c int) returns text language sql volatile as $$
    select string_agg(concat_ws(chr(31),
      'cost-' || c || '-' || i,
      ',"streamId":"cost-' || c || '-' || i || '","streamRevision":"',
      u, 'BenchFieldChanged',
      '{"after":"The insured person has been unable to work since the date on the attached certificate.","before":"The insured person was unable to work from the date shown on the certificate.","claimId":"bench-0","field":"claimDescription","reason":"customer correction","sequence":9059}',
      '{"actor":{"id":"bench-append","kind":"system"},"causationId":"' || u || '","correlationId":"' || u
        || '","eventId":"' || u || '","occurredAt":"2026-11-25T09:55:01.694Z","schemaVersion":1,"tenant":"base"}',
      '","type":"BenchFieldChanged"}'), chr(31) order by i)
    from (select i, uuidv7()::text as u from generate_series(1, 8) i) x
  $$`;

const TABLES = `
  create table if not exists cost_events_indexed (like events including all);
  create table if not exists cost_events_key_only (like events including defaults including identity);
  alter table cost_events_key_only drop constraint if exists cost_events_key_only_pkey;
  alter table cost_events_key_only add primary key (global_position);
  create table if not exists cost_plain (id bigint generated always as identity primary key,
    stream_id text not null, data jsonb not null);
  create sequence if not exists cost_revision`;

const eventRows = (table: string) => `
  with t as (select string_to_array(bench_fields($1::int), chr(31)) f)
  insert into ${table} (stream_id, stream_revision, event_id, event_type, data, metadata, hash)
  select f[k] || '-' || $1::int, nextval('cost_revision'), f[k + 2]::uuid, f[k + 3], f[k + 4]::jsonb,
         f[k + 5]::jsonb, md5(f[k + 2]) || md5(f[k + 3])
  from t, generate_series(1, 50, 7) k`;

const STATEMENTS: ReadonlyArray<readonly [string, string]> = [
  ['text only (subtracted below)', 'select length(bench_fields($1::int))'],
  [
    'append_events_v3, 8 appends',
    `select outcomes from append_events_v3('{-2,-2,-2,-2,-2,-2,-2,-2}', '{1,1,1,1,1,1,1,1}',
       '{1,8,15,22,29,36,43,50}', array[$1::int * 10 + 1, $1::int * 10 + 2, $1::int * 10 + 3, $1::int * 10 + 4,
       $1::int * 10 + 5, $1::int * 10 + 6, $1::int * 10 + 7, $1::int * 10 + 8]::bigint[], bench_fields($1::int))`,
  ],
  ['8 rows into a copy of events, its 4 indexes', eventRows('cost_events_indexed')],
  ['8 rows into a copy of events, primary key only', eventRows('cost_events_key_only')],
  [
    '1 row into the plain reference table (one plain INSERT)',
    `with t as (select string_to_array(bench_fields($1::int), chr(31)) f)
     insert into cost_plain (stream_id, data) select f[1], f[5]::jsonb from t`,
  ],
  [
    '8 rows into the plain reference table',
    `with t as (select string_to_array(bench_fields($1::int), chr(31)) f)
     insert into cost_plain (stream_id, data) select f[k], f[k + 4]::jsonb
     from t, generate_series(1, 50, 7) k`,
  ],
];

const server = await startEmbeddedPostgres({
  dataDir: '.data/bench-append-cost',
  port: await freePort(),
  database: 'bench_cost',
});
const client = new pg.Client({ connectionString: server.url });
try {
  const pool = new pg.Pool({ connectionString: server.url, max: 1 });
  await migrate(pool, eventStoreMigrations);
  await pool.end();
  await client.connect();
  await client.query(FIELDS_FUNCTION);
  await client.query(TABLES);

  const perRound = new Map<string, number[]>();
  for (let round = 1; round <= rounds; round += 1)
    for (const commit of ['off', 'on'])
      for (const [index, [label, text]] of STATEMENTS.entries()) {
        await client.query(`set synchronous_commit = ${commit}`);
        const ms = await meanMs(`cost-${index}`, text);
        const key = `${label}|${commit}`;
        perRound.set(key, [...(perRound.get(key) ?? []), ms]);
      }

  const median = (key: string) => {
    const sorted = [...(perRound.get(key) ?? [])].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  };
  const [baseline] = STATEMENTS[0] ?? [''];
  console.log(
    `\nOne connection, statements back to back, medians of ${rounds} rounds of ${seconds} s (${cpus().length} cores); ms per statement, "net" without the text-only row:\n`,
  );
  console.log('| statement | ms, no flush | net | ms, with flush | net |\n|---|---|---|---|---|');
  for (const [label] of STATEMENTS) {
    const off = median(`${label}|off`);
    const on = median(`${label}|on`);
    const net = (value: number, commit: string) =>
      label === baseline ? '' : (value - median(`${baseline}|${commit}`)).toFixed(3);
    console.log(
      `| ${label} | ${off.toFixed(3)} | ${net(off, 'off')} | ${on.toFixed(3)} | ${net(on, 'on')} |`,
    );
  }
} finally {
  await client.end().catch(() => {});
  await server.stop();
}

/** Runs one statement back to back for the set time; mean milliseconds per call. */
async function meanMs(name: string, text: string): Promise<number> {
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  let calls = 0;
  while (performance.now() < deadline) {
    await client.query({ name, text, values: [calls % 1000] });
    calls += 1;
  }
  return (performance.now() - started) / calls;
}
