import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { claimStreamId } from '@contracts/claims/events';
import {
  formatExportReport,
  MalformedExportError,
  verifyAuditExport,
} from '@projections/audit/audit-export';
import { formatChainReport } from '@projections/audit/hash-chain';
import { formatStoreReport, verifyAllStreams } from '@projections/audit/verify-all-streams';
import { verifyEventChains } from '@projections/audit/verify-chains';
import { claimAsOf, claimTimeline } from '@services/claims/claim-timeline';
import { formatClaimAsOf, formatTimeline } from '@services/claims/format-claim-timeline';
import {
  formatStoredDocumentsReport,
  verifyStoredDocuments,
} from '@services/claims/verify-stored-documents';
import { claimsDatabaseUrl } from '../postgres/embedded';
import { closeRuntime, openRuntime } from '../runtime';
import { configOrExit } from './config-or-exit';

/**
 * `npm run audit -- claim <submissionId> [--as-of <ISO time>]`: a claim's history, event by event.
 * `npm run audit -- verify`: recomputes every stream's hash chain, and hashes every stored
 * document and rendition against the sha256 its claim's events record (decision 127).
 * `npm run audit -- verify-export FILE`: checks an audit export offline (decision 063), no database.
 * Exit codes: 0 done, 1 unknown claim, broken chain or not an export, 2 bad arguments, 3 failed.
 */
const USAGE =
  'usage: audit-cli.ts claim <submissionId> [--as-of <ISO time>] | verify [--batch-size N] | verify-export FILE';

function usage(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function parse() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { 'as-of': { type: 'string' }, 'batch-size': { type: 'string', default: '5000' } },
    });
  } catch (error) {
    return usage((error as Error).message);
  }
}

/** The same walk as `verify`, over a file: no configuration, no database. */
async function verifyExportFile(file: string | undefined): Promise<number> {
  if (!file) return usage('verify-export needs the file of an audit export');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return usage(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
  try {
    const exported = JSON.parse(text) as { streamId?: unknown };
    const report = verifyAuditExport(exported);
    process.stdout.write(`${formatExportReport(report, String(exported.streamId))}\n`);
    return report.ok ? 0 : 1;
  } catch (error) {
    if (!(error instanceof SyntaxError || error instanceof MalformedExportError)) throw error;
    const reason = error instanceof SyntaxError ? 'not an audit export: not JSON' : error.message;
    process.stderr.write(`${file}: ${reason}\n`);
    return 1;
  }
}

const { positionals, values } = parse();
const [command, submissionId, ...extra] = positionals;
if (extra.length > 0) usage(`unexpected arguments: ${extra.join(' ')}`);
if (command === 'claim' && !submissionId) usage('claim needs a submission id');
if (command === 'verify' && submissionId) usage(`unexpected argument: ${submissionId}`);
if (command === 'verify-export') process.exit(await verifyExportFile(submissionId));
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
  return report.ok;
}

let exitCode = 0;
try {
  if (command === 'verify') {
    const report = await verifyAllStreams(runtime.pool, { batchSize });
    print(formatStoreReport(report));
    if (report.broken.length > 0) exitCode = 1;
    const documents = await verifyStoredDocuments(runtime);
    print(formatStoredDocumentsReport(documents));
    if (documents.altered.length > 0) exitCode = 1;
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
