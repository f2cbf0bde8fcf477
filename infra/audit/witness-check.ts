import type { KeyObject } from 'node:crypto';
import type { DocumentStorage } from '@contracts/documents/document-storage';
import { type Checkpoint, checkpointSignatureValid } from '@projections/audit/checkpoint';
import type { SqlClient } from '@projections/runner/sql';
import { WITNESS_NAMESPACE } from './checkpoint-publisher';

export interface WitnessReport {
  readonly checked: number;
  readonly problems: readonly string[];
}

interface StoredRow {
  root_hash: string;
  signature: string;
}

const words = (c: Checkpoint) => `checkpoint ${c.sequence} of ${c.signedAt}, key ${c.keyId}`;

/** One witness object against the keys and the database; a problem in words, or undefined. */
async function judge(
  client: SqlClient,
  key: string,
  checkpoint: Checkpoint,
  verifying: ReadonlyMap<string, KeyObject>,
): Promise<string | undefined> {
  const publicKey = verifying.get(checkpoint.keyId);
  if (!publicKey) return `witness ${key}: no public key for key ${checkpoint.keyId}`;
  if (!checkpointSignatureValid(checkpoint, publicKey)) {
    return `witness ${key}: its signature does not verify (not a checkpoint the portal signed)`;
  }
  const { rows } = await client.query<StoredRow>(
    'select root_hash, signature from audit_checkpoints where sequence = $1',
    [checkpoint.sequence],
  );
  const row = rows[0];
  if (!row) return `${words(checkpoint)} is in the witness but not in the database`;
  if (row.root_hash !== checkpoint.rootHash || row.signature !== checkpoint.signature) {
    return `${words(checkpoint)} in the database differs from its witness copy (witness root ${checkpoint.rootHash}, database root ${row.root_hash})`;
  }
  return undefined;
}

/**
 * Every checkpoint the witness (the document store, outside Postgres) holds, checked against
 * the public keys and against the database's copy: someone who rewrote history and deleted or
 * replaced the checkpoints in Postgres shows here, even holding the key.
 */
export async function compareWithWitness(
  documents: DocumentStorage,
  client: SqlClient,
  verifying: ReadonlyMap<string, KeyObject>,
): Promise<WitnessReport> {
  const problems: string[] = [];
  let checked = 0;
  for await (const object of documents.list(`${WITNESS_NAMESPACE}/`)) {
    const stored = await documents.get(object.key);
    if (!stored) continue;
    checked += 1;
    let checkpoint: Checkpoint;
    try {
      checkpoint = (
        JSON.parse(new TextDecoder().decode(stored.bytes)) as { checkpoint: Checkpoint }
      ).checkpoint;
    } catch {
      problems.push(`witness ${object.key}: not a checkpoint (not JSON)`);
      continue;
    }
    const problem = await judge(client, object.key, checkpoint, verifying);
    if (problem) problems.push(problem);
  }
  return { checked, problems };
}

export function describeWitnessReport(report: WitnessReport): string[] {
  if (report.problems.length === 0) {
    return [`ok: the witness holds ${report.checked} checkpoint(s), each as the database has it`];
  }
  return [
    `FAILED: ${report.problems.length} of the witness's ${report.checked} checkpoint(s) disagree`,
    ...report.problems.map((problem) => `  ${problem}`),
  ];
}
