import { generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkpointSignatureValid,
  describeVerdict,
  type HeadLeaf,
  proveHead,
  readPublicKey,
  rootOf,
  signCheckpoint,
  verifyHeadAgainst,
} from './checkpoint';
import { treeHead } from './merkle';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const key = { keyId: 'k1', privateKey };
const now = new Date('2026-12-06T14:00:00.000Z');

const heads: HeadLeaf[] = Array.from({ length: 7 }, (_, i) => ({
  streamId: `claim-${7 - i}`,
  revision: BigInt(i),
  hash: `${i}`.repeat(64),
}));

function given(streamId = 'claim-3') {
  const checkpoint = signCheckpoint(key, 4812, heads, now);
  const proof = proveHead(heads, streamId);
  if (!proof) throw new Error('no proof');
  const head = heads.find((h) => h.streamId === streamId) as HeadLeaf;
  return { checkpoint, proof, head };
}

describe('signed checkpoints', () => {
  it('a genuine head matches the checkpoint, and says which', () => {
    const { checkpoint, proof, head } = given();
    const verdict = verifyHeadAgainst(head, proof, checkpoint, publicKey, 'k1');
    expect(verdict.ok).toBe(true);
    expect(describeVerdict(verdict)).toBe(
      'matches signed checkpoint 4812 of 2026-12-06T14:00:00.000Z, key k1',
    );
  });

  it('a recomputed head hash does not match', () => {
    const { checkpoint, proof, head } = given();
    const verdict = verifyHeadAgainst(
      { ...head, hash: 'f'.repeat(64) },
      proof,
      checkpoint,
      publicKey,
      'k1',
    );
    expect(verdict).toMatchObject({ ok: false, reason: 'proof' });
    expect(describeVerdict(verdict)).toContain('does not match signed checkpoint 4812');
  });

  it('a head cut back to an earlier revision does not match', () => {
    const { checkpoint, proof, head } = given();
    const verdict = verifyHeadAgainst(
      { ...head, revision: head.revision - 1n },
      proof,
      checkpoint,
      publicKey,
      'k1',
    );
    expect(verdict).toMatchObject({ ok: false, reason: 'proof' });
  });

  it('a checkpoint whose root was rewritten fails its signature', () => {
    const { checkpoint, proof, head } = given();
    const forged = { ...checkpoint, rootHash: '0'.repeat(64) };
    expect(verifyHeadAgainst(head, proof, forged, publicKey, 'k1')).toMatchObject({
      ok: false,
      reason: 'signature',
    });
  });

  it('a checkpoint signed by another key is refused', () => {
    const { checkpoint, proof, head } = given();
    const other = generateKeyPairSync('ed25519').publicKey;
    expect(verifyHeadAgainst(head, proof, checkpoint, other, 'k1')).toMatchObject({
      reason: 'signature',
    });
    expect(verifyHeadAgainst(head, proof, checkpoint, publicKey, 'k2')).toMatchObject({
      ok: false,
      reason: 'key',
    });
  });

  it('reads a public key as PEM or as base64 DER', () => {
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const der = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const { checkpoint, proof, head } = given('claim-7');
    expect(verifyHeadAgainst(head, proof, checkpoint, readPublicKey(pem), 'k1').ok).toBe(true);
    expect(verifyHeadAgainst(head, proof, checkpoint, readPublicKey(der), 'k1').ok).toBe(true);
  });

  it('has no proof for a stream the checkpoint did not cover', () => {
    expect(proveHead(heads, 'claim-99')).toBeUndefined();
  });
});

describe('what an auditor recomputes apart from the portal', () => {
  it('the signature covers exactly the documented text: one field a line, in a fixed order', () => {
    const { checkpoint } = given();
    const text = [
      'claims-portal audit checkpoint v1',
      String(checkpoint.sequence),
      String(checkpoint.size),
      checkpoint.rootHash,
      checkpoint.signedAt,
      checkpoint.keyId,
      '',
    ].join('\n');
    const signature = Buffer.from(checkpoint.signature, 'base64');
    expect(verify(null, Buffer.from(text, 'utf8'), publicKey, signature)).toBe(true);
  });

  it('the tree is over "stream id, revision, hash" lines in stream-id order, whatever order the heads come in', () => {
    const sorted = [...heads].sort((a, b) => (a.streamId < b.streamId ? -1 : 1));
    const lines = sorted.map((h) => Buffer.from(`${h.streamId}\n${h.revision}\n${h.hash}`, 'utf8'));
    const { checkpoint } = given();
    expect(checkpoint.rootHash).toBe(treeHead(lines).toString('hex'));
    expect(rootOf([...heads].reverse())).toBe(checkpoint.rootHash);
    expect(proveHead(heads, 'claim-1')?.leafIndex).toBe(0);
    expect(proveHead(heads, 'claim-7')?.leafIndex).toBe(6);
    expect(proveHead(heads, 'claim-9')).toBeUndefined();
  });

  it('a signature that is not base64 of a signature does not verify, and does not throw', () => {
    const { checkpoint } = given();
    expect(checkpointSignatureValid({ ...checkpoint, signature: 'AAAA' }, publicKey)).toBe(false);
    const notForSigning = generateKeyPairSync('x25519').publicKey;
    expect(checkpointSignatureValid(checkpoint, notForSigning)).toBe(false);
    expect(checkpointSignatureValid(checkpoint, publicKey)).toBe(true);
  });

  it('reads a public key pasted with blank lines and spaces around it', () => {
    const pem = publicKey.export({ format: 'pem', type: 'spki' }).toString();
    const { checkpoint } = given();
    expect(checkpointSignatureValid(checkpoint, readPublicKey(`\n  ${pem}\n\n`))).toBe(true);
  });
});
