import { parseArgs } from 'node:util';
import { claimStreamId } from '@contracts/claims/events';
import { formatChainReport } from '@projections/audit/hash-chain';
import {
  describeHeadCheck,
  describeStoreCheck,
  storeAgainstCheckpoint,
  streamAgainstCheckpoint,
} from '@projections/audit/head-against-checkpoint';
import { formatStoreReport, verifyAllStreams } from '@projections/audit/verify-all-streams';
import { verifyEventChains } from '@projections/audit/verify-chains';
import { claimAsOf, claimTimeline } from '@services/claims/claim-timeline';
import { formatClaimAsOf, formatTimeline } from '@services/claims/format-claim-timeline';
import {
  formatStoredDocumentsReport,
  verifyStoredDocuments,
} from '@services/claims/verify-stored-documents';
import { loadAuditKeys } from '../audit/audit-keys';
import { compareWithWitness, describeWitnessReport } from '../audit/witness-check';
import { claimsDatabaseUrl } from '../postgres/embedded';
import { closeRuntime, openRuntime } from '../runtime';
import { configOrExit } from './config-or-exit';
import { verifyExportFile } from './verify-export-file';

/**
 * `npm run audit -- claim <submissionId> [--as-of <ISO time>]`: a claim's history, event by event.
 * `npm run audit -- verify`: recomputes every stream's hash chain, checks the signed heads and
 * their witness copies, and hashes every stored document and rendition against the sha256 its
 * claim's events record (decision 127).
 * `npm run audit -- verify-export FILE [--public-key KEY]`: checks an audit export offline, its
 * chain (decision 063) and its signed checkpoint (decision 130); no database.
 * Exit codes: 0 done, 1 unknown claim, broken chain or not an export, 2 bad arguments, 3 failed.
 */
const USAGE =
  'usage: audit-cli.ts claim <submissionId> [--as-of <ISO time>] | verify [--batch-size N] | verify-export FILE [--public-key KEY] [--chain-only]';

function usage(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function parse() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        'as-of': { type: 'string' },
        'batch-size': { type: 'string', default: '5000' },
        'public-key': { type: 'string' },
        'chain-only': { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    return usage((error as Error).message);
  }
}

const { positionals, values } = parse();
const [command, submissionId, ...extra] = positionals;
if (extra.length > 0) usage(`unexpected arguments: ${extra.join(' ')}`);
if (command === 'claim' && !submissionId) usage('claim needs a submission id');
if (command === 'verify' && submissionId) usage(`unexpected argument: ${submissionId}`);
if (command === 'verify-export') {
  if (!submissionId) usage('verify-export needs the file of an audit export');
  const options = { publicKey: values['public-key'], chainOnly: values['chain-only'] ?? false };
  process.exit(await verifyExportFile(submissionId, options, usage));
}
if (command !== 'claim' && command !== 'verify') usage(`unknown command: ${command ?? '(none)'}`);
const asOfText = values['as-of'];
const asOf = asOfText === undefined ? undefined : new Date(asOfText);
if (asOf && (!/^\d{4}-\d{2}-\d{2}/.test(asOfText ?? '') || Number.isNaN(asOf.getTime()))) {
  usage(`--as-of must be an ISO time such as 2026-11-22T10:00:00Z, not ${asOfText}`);
}
const batchSize = Number(values['batch-size']);
if (!Number.isInteger(batchSize) || batchSize < 1) usage('--batch-size must be a whole number ≥ 1');

const config = configOrExit();
if (command === 'verify' && config.EVENTSTORE_URL) {
  usage('verify reads the Postgres event store; unset EVENTSTORE_URL');
}
const databaseUrl = claimsDatabaseUrl(config);
const runtime = await openRuntime(config, databaseUrl);
const print = (text: string) => process.stdout.write(`${text}\n`);
// The keys that verify checkpoints; a verifier never creates a development key.
const keys = await loadAuditKeys(config, false);

/** The claim's chain verdict, printed before its timeline (issue 50); false when broken. */
async function printClaimChain(streamId: string): Promise<boolean> {
  if (config.EVENTSTORE_URL) {
    print('Hash chain: not checked (EventStoreDB keeps no chain of ours)');
    return true;
  }
  const report = await verifyEventChains(runtime.pool, { streamId, batchSize });
  print(
    report.ok
      ? `Hash chain: verified, ${report.events} events`
      : `Hash chain: ${formatChainReport(report)}`,
  );
  const anchored = await streamAgainstCheckpoint(runtime.pool, streamId, keys.verifying);
  print(describeHeadCheck(anchored));
  return report.ok && (anchored.state === 'matches' || anchored.state === 'none');
}

let exitCode = 0;
try {
  if (command === 'verify') {
    const report = await verifyAllStreams(runtime.pool, { batchSize });
    print(formatStoreReport(report));
    // A rewrite that recomputed its hashes passes the chain: the signed heads catch it.
    const signed = await storeAgainstCheckpoint(runtime.pool, keys.verifying);
    for (const line of describeStoreCheck(signed)) print(line);
    // The copies outside Postgres: checkpoints deleted or replaced in the database show here.
    const witness = await compareWithWitness(runtime.documents, runtime.pool, keys.verifying);
    for (const line of describeWitnessReport(witness)) print(line);
    // Bytes replaced at a document's key: each object against the sha256 its events record.
    const documents = await verifyStoredDocuments(runtime);
    print(formatStoredDocumentsReport(documents));
    const failed = signed.untrusted || signed.rewritten.length > 0 || witness.problems.length > 0;
    if (report.broken.length > 0 || failed || documents.altered.length > 0) exitCode = 1;
  } else {
    const id = submissionId ?? '';
    const events = await runtime.eventStore.readStream(claimStreamId(id));
    if (events.length === 0) {
      process.stderr.write(`no claim with submission id ${id}\n`);
      exitCode = 1;
    } else if (asOf) {
      const claim = claimAsOf(events, asOf);
      print(formatClaimAsOf(id, asOf, claim));
      if (claim.revision === undefined) exitCode = 1;
    } else {
      if (!(await printClaimChain(claimStreamId(id)))) exitCode = 1;
      print(formatTimeline(id, claimTimeline(events)));
    }
  }
} catch (error) {
  process.stderr.write(`${command} failed: ${(error as Error).stack ?? String(error)}\n`);
  exitCode = 3;
} finally {
  await closeRuntime();
}
process.exit(exitCode);
