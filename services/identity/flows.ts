import { FLOW_LIFETIME_SECONDS } from '@contracts/identity/limits';
import type { FlowKind, FlowRecord, IdentityStore } from '@contracts/identity/identity-store';
import type { FlowFailed } from '@contracts/identity/outcomes';
import { randomToken, tokenHash } from './secrets';

export const flowNotFound: FlowFailed = { status: 'FAILED', code: 'FLOW_NOT_FOUND' };
export const flowState: FlowFailed = { status: 'FAILED', code: 'FLOW_STATE' };

export const flowIdHash = (flowId: string) => tokenHash('flow', flowId);

/** Opens a flow; the id goes to the browser once, the store keeps its hash. */
export async function openFlow(
  store: IdentityStore,
  flow: Pick<FlowRecord, 'kind' | 'status' | 'accountId' | 'email'>,
  now: Date,
): Promise<{ flowId: string; record: FlowRecord }> {
  const flowId = randomToken();
  const record: FlowRecord = {
    ...flow,
    idHash: flowIdHash(flowId),
    createdAt: now,
    expiresAt: new Date(now.getTime() + FLOW_LIFETIME_SECONDS * 1000),
  };
  await store.createFlow(record);
  return { flowId, record };
}

/** The flow of that kind behind the id, unless it is unknown or past its 30 minutes. */
export async function liveFlow(
  store: IdentityStore,
  flowId: string,
  kind: FlowKind,
  now: Date,
): Promise<FlowRecord | undefined> {
  if (flowId === '') return undefined;
  const flow = await store.findFlow(flowIdHash(flowId));
  if (!flow || flow.kind !== kind || flow.expiresAt <= now) return undefined;
  return flow;
}
