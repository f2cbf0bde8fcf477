import { ADMIN_TEXT, fill } from '../admin-text';
import { isoMoment } from '../format';

interface CheckpointName {
  readonly sequence: number;
  readonly signedAt: string;
  readonly keyId: string;
}

/** The server's verdict (projections/audit/head-against-checkpoint.ts, HeadCheck). */
export type CheckpointVerdict =
  | { readonly state: 'none' }
  | {
      readonly state: 'matches';
      readonly checkpoint: CheckpointName;
      readonly signedVersion: number;
    }
  | {
      readonly state: 'rewritten';
      readonly checkpoint: CheckpointName;
      readonly signedVersion: number;
      readonly signedHash: string;
    }
  | { readonly state: 'untrusted'; readonly checkpoint: CheckpointName; readonly why: string };

const text = ADMIN_TEXT.audit;

const named = (checkpoint: CheckpointName) => ({
  sequence: checkpoint.sequence,
  date: isoMoment(checkpoint.signedAt),
  key: checkpoint.keyId,
});

function sentence(verdict: CheckpointVerdict): string {
  switch (verdict.state) {
    case 'none':
      return text.checkpointNone;
    case 'matches':
      return fill(text.checkpointMatches, {
        ...named(verdict.checkpoint),
        version: verdict.signedVersion,
      });
    case 'rewritten':
      return fill(text.checkpointMismatch, {
        ...named(verdict.checkpoint),
        version: verdict.signedVersion,
      });
    case 'untrusted':
      return fill(text.checkpointUntrusted, { ...named(verdict.checkpoint), why: verdict.why });
    default: {
      const never: never = verdict;
      return never;
    }
  }
}

/**
 * The live head in full (what an export's `head.lastHash` is compared with, decision 063) and
 * whether the claim's chain passes through the head the newest signed checkpoint recorded.
 */
export function CheckpointStatus({
  head,
  verdict,
}: {
  readonly head: { readonly version: number; readonly hash: string } | null;
  readonly verdict: CheckpointVerdict;
}) {
  const sound = verdict.state === 'matches' || verdict.state === 'none';
  return (
    <div className="admin-anchor">
      {head && (
        <p>
          {fill(text.liveHead, { version: head.version })}{' '}
          <code className="admin-anchor__hash" data-testid="live-head-hash">
            {head.hash}
          </code>
        </p>
      )}
      <p
        className={sound ? 'admin-chain admin-chain--ok' : 'admin-chain admin-chain--broken'}
        data-testid="checkpoint-verdict"
      >
        {sentence(verdict)}
      </p>
      {verdict.state === 'rewritten' && (
        <p>
          {text.signedHead} <code className="admin-anchor__hash">{verdict.signedHash}</code>
        </p>
      )}
    </div>
  );
}
