import { createPublicKey } from 'node:crypto';
import { chainHash } from '@contracts/event-hash';
import { auditKeysFor } from '@infra/audit/audit-keys';
import type { Runtime } from '@infra/runtime';
import type { AuditExport } from '@projections/audit/audit-export';
import { signNextCheckpoint } from '@projections/audit/next-checkpoint';

async function signingKeyOf(runtime: Pick<Runtime, 'config'>) {
  const keys = await auditKeysFor(runtime.config);
  if (!keys.signing) throw new Error('no signing key in this configuration');
  return { keys, signing: keys.signing };
}

/** What the background signer does at its next turn, now; the key id it signed with. */
export async function signCheckpointNow(api: { runtime: Runtime }): Promise<string> {
  const { keys, signing } = await signingKeyOf(api.runtime);
  await signNextCheckpoint(api.runtime.pool, {
    key: signing,
    verifying: keys.verifying,
    now: new Date(),
  });
  return signing.keyId;
}

/** The portal's public key as PEM: what an auditor is handed, apart from the portal. */
export async function publicKeyPem(api: { runtime: Runtime }): Promise<string> {
  const { signing } = await signingKeyOf(api.runtime);
  return createPublicKey(signing.privateKey).export({ format: 'pem', type: 'spki' }).toString();
}

type Event = AuditExport['events'][number];

/**
 * The forgery of an export file that the chain alone accepts (issue 50): events edited or
 * dropped, then every hash, every link and the head recomputed. The anchor is left as it was.
 */
export function recomputeExport(
  exported: AuditExport,
  edit: (events: Event[]) => Event[],
): AuditExport {
  let previous = '';
  const events = edit(structuredClone([...exported.events])).map((event) => {
    const hash = chainHash(previous, exported.streamId, BigInt(event.streamRevision), {
      type: event.type,
      data: event.data,
      metadata: event.metadata,
    } as never);
    const linked = { ...event, previousHash: previous, hash };
    previous = hash;
    return linked;
  });
  const last = events.at(-1);
  return {
    ...exported,
    events,
    head: { ...exported.head, revision: last?.streamRevision ?? '-1', lastHash: previous },
  };
}
