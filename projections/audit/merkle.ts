import { createHash } from 'node:crypto';

/**
 * A Merkle tree in the manner of RFC 9162 (Certificate Transparency 2.0): SHA-256, a 0x00
 * prefix on leaves and 0x01 on inner nodes so that no leaf can pass for a node, and the split
 * at the largest power of two below the size, so that a proof for one size means the same
 * thing to every verifier.
 */

const LEAF_PREFIX = Buffer.from([0x00]);
const NODE_PREFIX = Buffer.from([0x01]);

function sha256(...parts: readonly Buffer[]): Buffer {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
}

export function leafHash(leaf: Buffer): Buffer {
  return sha256(LEAF_PREFIX, leaf);
}

export function nodeHash(left: Buffer, right: Buffer): Buffer {
  return sha256(NODE_PREFIX, left, right);
}

/** The largest power of two strictly below n (n > 1). */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

function rootOfHashes(hashes: readonly Buffer[]): Buffer {
  if (hashes.length === 0) return sha256();
  if (hashes.length === 1) return hashes[0] as Buffer;
  const k = splitPoint(hashes.length);
  return nodeHash(rootOfHashes(hashes.slice(0, k)), rootOfHashes(hashes.slice(k)));
}

/** The Merkle tree head (MTH) over the leaves, in order. */
export function treeHead(leaves: readonly Buffer[]): Buffer {
  return rootOfHashes(leaves.map(leafHash));
}

function pathOfHashes(index: number, hashes: readonly Buffer[]): Buffer[] {
  if (hashes.length <= 1) return [];
  const k = splitPoint(hashes.length);
  if (index < k) {
    return [...pathOfHashes(index, hashes.slice(0, k)), rootOfHashes(hashes.slice(k))];
  }
  return [...pathOfHashes(index - k, hashes.slice(k)), rootOfHashes(hashes.slice(0, k))];
}

/** The audit path of leaf `index` (RFC 9162 §2.1.3.1), nearest sibling first. */
export function inclusionProof(index: number, leaves: readonly Buffer[]): Buffer[] {
  if (!Number.isInteger(index) || index < 0 || index >= leaves.length) {
    throw new RangeError(`leaf ${index} is not in a tree of ${leaves.length}`);
  }
  return pathOfHashes(index, leaves.map(leafHash));
}

/** RFC 9162 §2.1.3.2: does `leaf` sit at `index` of the tree of `size` whose head is `root`? */
export function verifyInclusion(
  leaf: Buffer,
  index: number,
  size: number,
  proof: readonly Buffer[],
  root: Buffer,
): boolean {
  if (!Number.isInteger(index) || !Number.isInteger(size) || index < 0 || index >= size) {
    return false;
  }
  let fn = index;
  let sn = size - 1;
  let r = leafHash(leaf);
  for (const p of proof) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && r.equals(root);
}
