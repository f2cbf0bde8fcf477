import { createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { inclusionProof, treeHead, verifyInclusion } from './merkle';

/** One stream's last event, as a leaf of the checkpoint tree. */
export interface HeadLeaf {
  readonly streamId: string;
  readonly revision: bigint;
  readonly hash: string;
}

/** A signed tree head over every stream's head at one moment (decision 106). */
export interface Checkpoint {
  readonly sequence: number;
  readonly size: number;
  readonly rootHash: string;
  readonly signedAt: string;
  readonly keyId: string;
  readonly signature: string;
}

export interface InclusionProof {
  readonly leafIndex: number;
  readonly treeSize: number;
  readonly path: readonly string[];
}

/** Leaves are ordered by stream id so that the same heads always give the same tree. */
function orderLeaves(heads: readonly HeadLeaf[]): HeadLeaf[] {
  return [...heads].sort((a, b) =>
    a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0,
  );
}

/** The bytes a leaf stands for; newline-separated because stream ids hold no newline. */
function leafBytes(head: HeadLeaf): Buffer {
  return Buffer.from(`${head.streamId}\n${head.revision.toString()}\n${head.hash}`, 'utf8');
}

/** The text that is signed: every field but the signature, one a line, in a fixed order. */
function signedText(checkpoint: Omit<Checkpoint, 'signature'>): Buffer {
  return Buffer.from(
    [
      'claims-portal audit checkpoint v1',
      String(checkpoint.sequence),
      String(checkpoint.size),
      checkpoint.rootHash,
      checkpoint.signedAt,
      checkpoint.keyId,
      '',
    ].join('\n'),
    'utf8',
  );
}

export interface SigningKey {
  readonly keyId: string;
  readonly privateKey: KeyObject;
}

export function signCheckpoint(
  key: SigningKey,
  sequence: number,
  heads: readonly HeadLeaf[],
  now: Date,
): Checkpoint {
  const leaves = orderLeaves(heads).map(leafBytes);
  const unsigned = {
    sequence,
    size: leaves.length,
    rootHash: treeHead(leaves).toString('hex'),
    signedAt: now.toISOString(),
    keyId: key.keyId,
  };
  const signature = sign(null, signedText(unsigned), key.privateKey).toString('base64');
  return { ...unsigned, signature };
}

/** The tree head of these leaves, as `signCheckpoint` computes it (hex). */
export function rootOf(heads: readonly HeadLeaf[]): string {
  return treeHead(orderLeaves(heads).map(leafBytes)).toString('hex');
}

/** The proof that `streamId`'s head is a leaf of the tree built from `heads`. */
export function proveHead(
  heads: readonly HeadLeaf[],
  streamId: string,
): InclusionProof | undefined {
  const ordered = orderLeaves(heads);
  const leafIndex = ordered.findIndex((head) => head.streamId === streamId);
  if (leafIndex < 0) return undefined;
  const path = inclusionProof(leafIndex, ordered.map(leafBytes)).map((h) => h.toString('hex'));
  return { leafIndex, treeSize: ordered.length, path };
}

/** A public key as PEM or as base64 of its DER (SPKI) form, the shape `--public-key` takes. */
export function readPublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) return createPublicKey(trimmed);
  return createPublicKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'spki' });
}

export function checkpointSignatureValid(checkpoint: Checkpoint, publicKey: KeyObject): boolean {
  const { signature, ...unsigned } = checkpoint;
  try {
    return verify(null, signedText(unsigned), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

export type HeadVerdict =
  | { readonly ok: true; readonly checkpoint: Checkpoint }
  | {
      readonly ok: false;
      readonly reason: 'signature' | 'key' | 'proof';
      readonly checkpoint: Checkpoint;
    };

/** Is `head` the head that the signed `checkpoint` recorded, by `proof`? */
export function verifyHeadAgainst(
  head: HeadLeaf,
  proof: InclusionProof,
  checkpoint: Checkpoint,
  publicKey: KeyObject,
  keyId: string,
): HeadVerdict {
  if (checkpoint.keyId !== keyId) return { ok: false, reason: 'key', checkpoint };
  if (!checkpointSignatureValid(checkpoint, publicKey)) {
    return { ok: false, reason: 'signature', checkpoint };
  }
  const included =
    proof.treeSize === checkpoint.size &&
    verifyInclusion(
      leafBytes(head),
      proof.leafIndex,
      proof.treeSize,
      proof.path.map((h) => Buffer.from(h, 'hex')),
      Buffer.from(checkpoint.rootHash, 'hex'),
    );
  return included ? { ok: true, checkpoint } : { ok: false, reason: 'proof', checkpoint };
}

/** The sentence an auditor reads: what exactly was, or was not, proved. */
export function describeVerdict(verdict: HeadVerdict): string {
  const { sequence, signedAt, keyId } = verdict.checkpoint;
  const which = `signed checkpoint ${sequence} of ${signedAt}, key ${keyId}`;
  if (verdict.ok) return `matches ${which}`;
  const why = {
    signature: 'its signature does not verify with the public key',
    key: 'it was signed by another key than the one given',
    proof: 'the head is not the one the checkpoint recorded',
  }[verdict.reason];
  return `does not match ${which}: ${why}`;
}
