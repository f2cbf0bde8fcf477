import type { Actor } from '@contracts/event-store';
import type { ClaimAsOf, TimelineEntry } from './claim-timeline';

const show = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

const showActor = (actor: Actor) =>
  `${actor.kind} ${actor.id}${actor.email ? ` <${actor.email}>` : ''}`;

/** Versions count from 1, as the staff Audit tab and Claims History show them. */
const versionOf = (revision: bigint) => revision + 1n;

/** The auditor's view of a claim: each event, who and when, what it changed, the state after. */
export function formatTimeline(submissionId: string, entries: readonly TimelineEntry[]): string {
  const lines = [`claim ${submissionId}: ${entries.length} events`];
  for (const entry of entries) {
    lines.push(
      '',
      `Version ${versionOf(entry.revision)} · ${entry.type} at ${entry.occurredAt} by ${showActor(entry.actor)}`,
    );
    for (const change of entry.changes) {
      lines.push(`  ${change.field}: ${show(change.from)} → ${show(change.to)}`);
    }
    lines.push(`  state: ${JSON.stringify(entry.state)}`);
  }
  return lines.join('\n');
}

export function formatClaimAsOf(submissionId: string, asOf: Date, claim: ClaimAsOf): string {
  const at = asOf.toISOString();
  if (claim.revision === undefined) return `claim ${submissionId} did not exist yet at ${at}`;
  return [
    `claim ${submissionId} as of ${at} (version ${versionOf(claim.revision)}):`,
    JSON.stringify(claim.state),
  ].join('\n');
}
