import type { ClaimEvent } from '@contracts/claims/events';
import { upcastClaimEvent } from '@contracts/claims/events';
import { DomainError } from '@contracts/errors';
import type { AppendResult, EventStore, LogPosition } from '@contracts/event-store';
import type { CommandContext } from '../shared/command-context';
import { type Claim, evolveClaim } from './claim';
import {
  appendClaimEvents,
  ClaimChangedError,
  type ClaimStream,
  earlierAttempt,
  eventsOfCommand,
  newClaimStream,
  readClaimStream,
} from './claim-stream';
import { claimVersion } from './claim-version';

export interface ClaimCommandResult {
  readonly submissionId: string;
  readonly claim: Claim;
  /** The claim's version after the command (its ETag, decision 048). */
  readonly version: number;
  /** Where the command's last event sits in the global log; read models are current once past it. */
  readonly position: LogPosition | undefined;
  /** False when the command had already been handled (a retry) or decided nothing. */
  readonly appended: boolean;
}

/** Undoes what a step did before an append that then failed. */
type Undo = () => Promise<void>;

/**
 * A step before the append, given the events decided: what must exist before they may be
 * stored (a reserved claim number, the files they name). Its undo runs if the append fails.
 */
export type PrepareStep = (
  events: readonly ClaimEvent[],
  stream: ClaimStream,
) => Promise<Undo | undefined>;

/**
 * A step once the command's events are in the stream, appended now or by an earlier attempt
 * of the same command (a retry finishes what the first may not have).
 */
export type CompleteStep = (commandEvents: readonly ClaimEvent[]) => Promise<void>;

/** How a claim command's first attempt finds the stream; later attempts always read it. */
type FirstRead =
  /** Read the stream. */
  | 'read'
  /**
   * Decide on this process's own last append, without a read (issue 30): only an append at
   * the next revision confirms such a decision; anything else is decided again on a read.
   */
  | 'trust-appended'
  /** Decide as on a new stream (a submission): if the append finds it there, read it. */
  | 'assume-new';

export interface ClaimCommandOptions {
  readonly firstRead?: FirstRead;
  /** Run in order before the append; undone in reverse order if it fails. */
  readonly prepare?: readonly PrepareStep[];
  readonly complete?: readonly CompleteStep[];
  /** How many times in all to read, decide and append while other writes win the race. */
  readonly attempts?: number;
}

/**
 * How many times a claim command decides again on a fresh read after losing the append race.
 * Every claim command commutes with the writes that beat it, or its decider refuses on
 * seeing them (a stale staff save is a StaleVersionError), so deciding again is safe.
 */
export const COMMUTING_ATTEMPTS = 12;

/**
 * Every claim command, in Emmett's `handleCommand` shape: read the stream, fold it with
 * evolve, decide, append at the revision read. Losing the append race (ClaimChangedError)
 * runs it all again on a fresh read, at most `attempts` times; then the conflict stands
 * (a 409 the client may retry). A short random pause, growing with each loss, spreads a
 * crowd of writers out.
 */
export async function handleClaimCommand(
  eventStore: EventStore,
  submissionId: string,
  decide: (stream: ClaimStream) => readonly ClaimEvent[],
  context: CommandContext,
  options: ClaimCommandOptions = {},
): Promise<ClaimCommandResult> {
  const attempts = options.attempts ?? COMMUTING_ATTEMPTS;
  let firstRead = options.firstRead ?? 'read';
  for (let tries = 1; ; tries += 1) {
    try {
      return await handleOnce(eventStore, submissionId, decide, context, options, firstRead);
    } catch (error) {
      if (!(error instanceof ClaimChangedError) || tries >= attempts) throw error;
      // A new stream assumed and found taken: from now on, read it.
      if (firstRead === 'assume-new') firstRead = 'read';
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 4 * tries));
    }
  }
}

async function handleOnce(
  eventStore: EventStore,
  submissionId: string,
  decide: (stream: ClaimStream) => readonly ClaimEvent[],
  context: CommandContext,
  options: ClaimCommandOptions,
  firstRead: FirstRead,
): Promise<ClaimCommandResult> {
  if (firstRead === 'assume-new') {
    const stream = newClaimStream(submissionId);
    return append(eventStore, stream, decide(stream), context, options);
  }
  const stream = await readClaimStream(eventStore, submissionId, {
    trustAppended: firstRead === 'trust-appended',
  });
  if (stream.appendedHere) {
    const events = decisionOnUnread(stream, decide, context);
    if (events) return append(eventStore, stream, events, context, options);
    return handleOnce(eventStore, submissionId, decide, context, options, 'read');
  }
  const earlier = earlierAttempt(stream, context);
  if (earlier) {
    const commandEvents = eventsOfCommand(stream, context.commandId).map(upcastClaimEvent);
    for (const step of options.complete ?? []) await step(commandEvents);
    return unchanged(stream, earlier.position);
  }
  const events = decide(stream);
  if (events.length === 0) return unchanged(stream, undefined);
  return append(eventStore, stream, events, context, options);
}

/**
 * The events to append on a stream answered from this process's own last append, or
 * undefined when it must be read first: a retry of the command, nothing to do, or a refusal
 * (which the stream not being current may explain; decided again on a read, it stands).
 */
function decisionOnUnread(
  stream: ClaimStream,
  decide: (stream: ClaimStream) => readonly ClaimEvent[],
  context: CommandContext,
): readonly ClaimEvent[] | undefined {
  if (eventsOfCommand(stream, context.commandId).length > 0) return undefined;
  let events: readonly ClaimEvent[];
  try {
    events = decide(stream);
  } catch (error) {
    if (error instanceof DomainError) return undefined;
    throw error;
  }
  return events.length > 0 ? events : undefined;
}

async function append(
  eventStore: EventStore,
  stream: ClaimStream,
  events: readonly ClaimEvent[],
  context: CommandContext,
  options: ClaimCommandOptions,
): Promise<ClaimCommandResult> {
  const result = await prepareAndAppend(eventStore, stream, events, context, options.prepare);
  for (const step of options.complete ?? []) await step(events);
  return {
    submissionId: stream.submissionId,
    claim: events.reduce(evolveClaim, stream.state),
    version: claimVersion(stream) + events.length,
    position: result.position,
    appended: !result.retried,
  };
}

async function prepareAndAppend(
  eventStore: EventStore,
  stream: ClaimStream,
  events: readonly ClaimEvent[],
  context: CommandContext,
  prepare: readonly PrepareStep[] = [],
): Promise<AppendResult> {
  const undos: Undo[] = [];
  try {
    for (const step of prepare) {
      const undo = await step(events, stream);
      if (undo) undos.unshift(undo);
    }
    return await appendClaimEvents(eventStore, stream, events, context);
  } catch (error) {
    await undoAll(undos, error);
    throw error;
  }
}

/**
 * Undoes the steps of a failed append, last first. If an undo fails too, the failures are
 * thrown together: what was left behind (a number still reserved) must not go unseen.
 */
async function undoAll(undos: readonly Undo[], error: unknown): Promise<void> {
  const failures: unknown[] = [];
  for (const undo of undos) {
    await undo().catch((undoError: unknown) => failures.push(undoError));
  }
  if (failures.length > 0) {
    throw new AggregateError([error, ...failures], 'A claim command failed, and so did its undo');
  }
}

function unchanged(stream: ClaimStream, position: LogPosition | undefined): ClaimCommandResult {
  return {
    submissionId: stream.submissionId,
    claim: stream.state,
    version: claimVersion(stream),
    position,
    appended: false,
  };
}
