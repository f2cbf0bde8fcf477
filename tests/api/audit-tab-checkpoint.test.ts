import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimStreamId } from '@contracts/claims/events';
import { GET as events } from '@site/pages/api/admin/claims/[submissionId]/events';
import { rewriteStream } from '@tests/support/audit/rewrite-stream';
import { signCheckpointNow } from '@tests/support/audit/checkpoints';
import {
  type ApiHarness,
  apiContext,
  getRequest,
  openApiHarness,
  staffMember,
  submitSampleClaim,
} from './api-harness';

interface AuditTab {
  chain: { verified: boolean };
  head: { version: number; hash: string } | null;
  checkpoint: {
    state: string;
    checkpoint?: { sequence: number; keyId: string };
    signedVersion?: number;
    signedHash?: string;
  };
}

describe('the Audit tab against the signed checkpoint (decision 130)', () => {
  let api: ApiHarness;
  let submissionId: string;
  const tab = async (): Promise<AuditTab> => {
    const path = `/api/admin/claims/${submissionId}/events`;
    const response = await events(
      apiContext(getRequest(path), { submissionId }, { staff: staffMember }),
    );
    expect(response.status).toBe(200);
    return (await response.json()) as AuditTab;
  };
  const liveHead = async () =>
    (
      await api.database.pool.query<{ revision: string; last_hash: string }>(
        'select revision, last_hash from event_streams where stream_id = $1',
        [claimStreamId(submissionId)],
      )
    ).rows[0];

  beforeAll(async () => {
    api = await openApiHarness();
    submissionId = await submitSampleClaim();
  });
  afterAll(() => api.close());

  it('shows the live head in full and whether the newest signed checkpoint recorded it', async () => {
    expect((await tab()).checkpoint).toEqual({ state: 'none' });
    const keyId = await signCheckpointNow(api);
    const head = await liveHead();
    const signed = await tab();
    expect(signed.head).toEqual({ version: Number(head?.revision) + 1, hash: head?.last_hash });
    expect(signed.head?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(signed.checkpoint).toMatchObject({
      state: 'matches',
      checkpoint: { sequence: 1, keyId },
      signedVersion: signed.head?.version,
    });
  });

  it('reports a rewrite in SQL with every hash recomputed against the checkpoint that covered the old head', async () => {
    const before = await liveHead();
    await rewriteStream(api.database.pool, claimStreamId(submissionId), 0, (data) => ({
      ...data,
      policyNumber: 'FORGED',
    }));
    const rewritten = await tab();
    expect(rewritten.chain.verified).toBe(true);
    expect(rewritten.head?.hash).not.toBe(before?.last_hash);
    expect(rewritten.checkpoint).toMatchObject({
      state: 'rewritten',
      checkpoint: { sequence: 1 },
      signedHash: before?.last_hash,
    });
    // The next checkpoint does not sign over the rewrite: it keeps the old head.
    await signCheckpointNow(api);
    expect((await tab()).checkpoint).toMatchObject({
      state: 'rewritten',
      checkpoint: { sequence: 2 },
      signedHash: before?.last_hash,
    });
  });
});
