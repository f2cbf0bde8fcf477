import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import type { SqlClient } from '../runner/sql';
import {
  type Checkpoint,
  describeVerdict,
  type InclusionProof,
  proveHead,
  verifyHeadAgainst,
} from './checkpoint';
import { readLatestCheckpoint, readLeaf, readLeaves } from './checkpoint-store';

/**
 * What ties an export to a signed checkpoint (decision 130): the newest checkpoint, the
 * claim's head as that checkpoint recorded it, and the inclusion proof of that head.
 */
export interface ExportAnchor {
  readonly checkpoint: Checkpoint;
  readonly leaf: { readonly revision: string; readonly hash: string };
  readonly proof: InclusionProof;
}

/** The newest checkpoint that has the stream, with the proof of its head; null before any. */
export async function readExportAnchor(
  client: SqlClient,
  streamId: string,
): Promise<ExportAnchor | null> {
  const latest = await readLatestCheckpoint(client);
  if (!latest) return null;
  const leaf = await readLeaf(client, latest.sequence, streamId);
  if (!leaf) return null;
  const proof = proveHead(await readLeaves(client, latest.sequence), streamId);
  if (!proof) return null;
  const { logPosition: _, ...checkpoint } = latest;
  return {
    checkpoint,
    leaf: { revision: String(leaf.revision), hash: leaf.hash },
    proof,
  };
}

const hex = z.string().regex(/^[0-9a-f]*$/, 'must be hexadecimal');

export const anchorSchema = z.object({
  checkpoint: z.object({
    sequence: z.number().int().min(1),
    size: z.number().int().min(0),
    rootHash: hex,
    signedAt: z.string(),
    keyId: z.string(),
    signature: z.string(),
  }),
  leaf: z.object({ revision: z.string().regex(/^\d+$/), hash: z.string() }),
  proof: z.object({
    leafIndex: z.number().int().min(0),
    treeSize: z.number().int().min(1),
    path: z.array(hex),
  }),
});

/** Where the verdict on an export's anchor comes from: the file's events and the keys at hand. */
interface AnchoredFile {
  readonly streamId: string;
  readonly events: readonly { readonly streamRevision: string; readonly hash: string }[];
  readonly anchor: ExportAnchor;
}

export type AnchorVerdict =
  | { readonly ok: true; readonly sentence: string; readonly covered: number }
  | { readonly ok: false; readonly sentence: string; readonly unknownKey?: string };

/**
 * Is the file's chain the one the signed checkpoint recorded? The event at the signed
 * revision must be in the file with the signed hash (the chain, checked before, ties every
 * event before it to that hash), the checkpoint's signature must verify, and the proof must
 * put that head in its tree.
 */
export function checkAnchor(
  file: AnchoredFile,
  publicKeyOf: (keyId: string) => KeyObject | undefined,
): AnchorVerdict {
  const { checkpoint, leaf, proof } = file.anchor;
  const which = `signed checkpoint ${checkpoint.sequence} of ${checkpoint.signedAt}, key ${checkpoint.keyId}`;
  const publicKey = publicKeyOf(checkpoint.keyId);
  if (!publicKey) {
    return {
      ok: false,
      unknownKey: checkpoint.keyId,
      sentence: `no public key for key ${checkpoint.keyId}: give it with --public-key`,
    };
  }
  const index = file.events.findIndex((event) => event.streamRevision === leaf.revision);
  const signedVersion = BigInt(leaf.revision) + 1n;
  const event = file.events[index];
  if (!event) {
    const last = file.events.at(-1);
    const ends = last ? BigInt(last.streamRevision) + 1n : 0n;
    return {
      ok: false,
      sentence: `does not match ${which}: the file ends at version ${ends}, the checkpoint recorded version ${signedVersion}`,
    };
  }
  if (event.hash !== leaf.hash) {
    return {
      ok: false,
      sentence: `does not match ${which}: version ${signedVersion} of the file has hash ${event.hash}, the checkpoint recorded ${leaf.hash}`,
    };
  }
  const head = { streamId: file.streamId, revision: BigInt(leaf.revision), hash: leaf.hash };
  const verdict = verifyHeadAgainst(head, proof, checkpoint, publicKey, checkpoint.keyId);
  if (!verdict.ok) return { ok: false, sentence: describeVerdict(verdict) };
  const total = file.events.length;
  const covered = index + 1;
  const newer = total - covered;
  const range = `versions 1–${covered} of ${total}`;
  return {
    ok: true,
    covered,
    sentence: `${describeVerdict(verdict)} (${range}${newer > 0 ? `; the ${newer} after it are newer than the checkpoint` : ''})`,
  };
}
