import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimsProjection } from '@projections/claims/claims-projection';
import { CLAIMS_TABLES } from '@projections/claims/claims-tables';
import { verifyProjection } from '@projections/runner/verify';
import { submitClaim } from '@services/claims/submit-claim';
import {
  claimantFor,
  customerContext,
  type Harness,
  openHarness,
  submitRequest,
} from '@tests/support/claims/handler-harness';

/** Issue 44: a leader frozen by SIGSTOP keeps its Postgres sessions; its lease runs out. */

const TTL_MS = 5_000;
const FROZEN_MS = 30_000;

interface Worker {
  readonly name: string;
  readonly child: ChildProcess;
  output: string;
}

function startWorker(databaseUrl: string, name: string): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/launcher/projector.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      LOG_FORMAT: 'json',
      NODE_ENV: 'test',
      LEASE_TTL_MS: String(TTL_MS),
      // Each worker's connections name it, so the test sees who wrote a checkpoint.
      PGAPPNAME: name,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const worker: Worker = { name, child, output: '' };
  const take = (chunk: Buffer) => {
    worker.output += chunk;
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  return worker;
}

const leads = (worker: Worker) => worker.output.includes('"role":"leader"');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number) {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not reached within ${timeoutMs} ms`);
    await pause(100);
  }
  return Date.now() - started;
}

describe('projector workers, the leader frozen', () => {
  let harness: Harness;
  const workers: Worker[] = [];
  const pool = () => harness.database.pool;

  beforeAll(async () => {
    harness = await openHarness();
    // Who moved the checkpoint, and when: every batch moves it in its own transaction.
    await pool().query(`
      create table checkpoint_writers (writer text, at timestamptz default clock_timestamp());
      create function note_checkpoint_writer() returns trigger language plpgsql as $$
      begin
        insert into checkpoint_writers (writer) values (current_setting('application_name'));
        return new;
      end $$;
    `);
  });
  afterAll(async () => {
    for (const { child } of workers) {
      child.kill('SIGCONT');
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await harness.close();
  });

  const submit = async (customer: string) =>
    (
      await submitClaim(
        harness.ports,
        submitRequest,
        claimantFor(customer),
        customerContext(customer),
      )
    ).submissionId;
  const projected = async (ids: readonly string[]) =>
    (await pool().query('select 1 from claims where submission_id = any($1)', [ids])).rowCount ===
    ids.length;

  it('another takes over within 10 s; woken, the old leader writes nothing', async () => {
    workers.push(startWorker(harness.database.url, 'worker-a'));
    workers.push(startWorker(harness.database.url, 'worker-b'));
    await until(() => workers.some(leads), 60_000);
    // Migrations are done once a worker leads: the trigger goes on the migrated table.
    await pool().query(`
      create trigger note_writer after update on projection_checkpoints
      for each row execute function note_checkpoint_writer();
    `);
    const first = await submit('ana');
    await until(() => projected([first]), 10_000);
    const leader = workers.find(leads) as Worker;
    const standby = workers.find((w) => w !== leader) as Worker;
    expect(leads(standby)).toBe(false);

    leader.child.kill('SIGSTOP');
    const frozenAt = Date.now();
    const meanwhile = [await submit('ben')];
    const takeoverMs = await until(() => leads(standby), 10_000);
    meanwhile.push(await submit('cy'), await submit('dee'));
    await until(() => projected(meanwhile), 5_000);
    // The first claim was sent as the leader froze: every one is listed within 12 s of it.
    const listedMs = Date.now() - frozenAt;
    console.log(
      `frozen projector replaced after ${takeoverMs} ms (TTL ${TTL_MS} ms); all listed after ${listedMs} ms`,
    );
    expect(takeoverMs).toBeLessThan(10_000);
    expect(listedMs).toBeLessThan(12_000);

    await pause(Math.max(0, FROZEN_MS - (Date.now() - frozenAt)));
    const { rows: woke } = await pool().query<{ now: Date }>('select clock_timestamp() as now');
    leader.child.kill('SIGCONT');
    const after = [await submit('eve'), await submit('fay')];
    await until(() => projected(after), 10_000);
    await until(() => leader.output.includes('"role":"standby"'), 10_000);
    await pause(TTL_MS / 2);

    const { rows: writers } = await pool().query<{ writer: string }>(
      'select distinct writer from checkpoint_writers where at >= $1',
      [woke[0]?.now],
    );
    expect(writers.map((w) => w.writer)).toEqual([standby.name]);
    const verified = await verifyProjection(
      pool(),
      harness.ports.eventStore,
      claimsProjection,
      CLAIMS_TABLES,
    );
    expect(verified.differences).toEqual([]);
  }, 120_000);
});
