import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inclusionProof, leafHash, nodeHash, treeHead, verifyInclusion } from './merkle';

const leaves = (n: number) => Array.from({ length: n }, (_, i) => Buffer.from(`leaf ${i}`));

describe('Merkle tree (RFC 9162)', () => {
  it('hashes leaves and nodes with distinct prefixes', () => {
    const a = Buffer.from('a');
    expect(leafHash(a).toString('hex')).toBe(
      createHash('sha256')
        .update(Buffer.from([0, 0x61]))
        .digest('hex'),
    );
    expect(
      treeHead([a, Buffer.from('b')]).equals(nodeHash(leafHash(a), leafHash(Buffer.from('b')))),
    ).toBe(true);
  });

  it('matches the RFC 6962 empty-tree head', () => {
    expect(treeHead([]).toString('hex')).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it('splits an odd tree at the largest power of two below its size', () => {
    const [a, b, c] = leaves(3).map(leafHash) as [Buffer, Buffer, Buffer];
    expect(treeHead(leaves(3)).equals(nodeHash(nodeHash(a, b), c))).toBe(true);
  });

  it('proves every leaf of every tree up to 33 leaves, and nothing else', () => {
    for (let size = 1; size <= 33; size += 1) {
      const all = leaves(size);
      const root = treeHead(all);
      for (let index = 0; index < size; index += 1) {
        const proof = inclusionProof(index, all);
        expect(verifyInclusion(all[index] as Buffer, index, size, proof, root)).toBe(true);
        expect(verifyInclusion(Buffer.from('forged'), index, size, proof, root)).toBe(false);
        if (size > 1) {
          expect(verifyInclusion(all[index] as Buffer, (index + 1) % size, size, proof, root)).toBe(
            false,
          );
        }
      }
    }
  });

  it('refuses a leaf index that is negative, fractional or past the end, naming it', () => {
    for (const index of [-1, 1.5, 3]) {
      expect(() => inclusionProof(index, leaves(3))).toThrow(
        new RangeError(`leaf ${index} is not in a tree of 3`),
      );
    }
  });

  it('verifies nothing at an index or a size that is not a place in the tree', () => {
    const [only] = leaves(1) as [Buffer];
    const single = treeHead([only]);
    expect(verifyInclusion(only, 0, 1, [], single)).toBe(true);
    for (const index of [-1, 0.5, 1]) {
      expect(verifyInclusion(only, index, 1, [], single), `index ${index}`).toBe(false);
    }
    const two = leaves(2);
    const proof = inclusionProof(0, two);
    const root = treeHead(two);
    expect(verifyInclusion(two[0] as Buffer, 0, 2, proof, root)).toBe(true);
    expect(verifyInclusion(two[0] as Buffer, 0, 2.5, proof, root)).toBe(false);
  });

  it('binds a proof to its tree size: the proof of a smaller tree does not pass for a larger one', () => {
    const two = leaves(2);
    const proof = inclusionProof(0, two);
    expect(verifyInclusion(two[0] as Buffer, 0, 3, proof, treeHead(two))).toBe(false);
  });

  it('refuses an index outside the tree', () => {
    expect(() => inclusionProof(3, leaves(3))).toThrow(RangeError);
    expect(verifyInclusion(Buffer.from('leaf 0'), 0, 0, [], treeHead([]))).toBe(false);
  });
});
