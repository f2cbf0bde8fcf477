import type { SoakResult } from './soak';

const seconds = (ms: number | undefined) =>
  ms === undefined || !Number.isFinite(ms) ? 'not within 120 s' : `${(ms / 1000).toFixed(2)} s`;

/** The soak's figures as the Markdown docs/reliability.md quotes. */
export function soakReport(result: SoakResult): string {
  const first = result.startedAt;
  const faultRows = result.faults.map(
    (f) =>
      `| ${f.name} | ${f.target} | ${((f.at - first) / 1000).toFixed(0)} s | ${f.back ? `${((f.back - f.at) / 1000).toFixed(1)} s` : '-'} | ${seconds(f.catchUp?.projectionsMs)} | ${seconds(f.catchUp?.relayMs)} |`,
  );
  const explanations = new Map<string, number>();
  for (const f of result.failed) {
    const key = `${f.explanation}: ${f.method} ${f.path} → ${f.status || 'no answer'}${f.cause ? ` ${f.cause}` : ''}${f.proxy ? ` (haproxy ${f.proxy.server} ${f.proxy.termination})` : ''}`;
    explanations.set(key, (explanations.get(key) ?? 0) + 1);
  }
  const statuses = [...result.byStatus].sort(([a], [b]) => a.localeCompare(b));
  const { kafka, mail } = result.deliveries;
  return [
    `Soak: ${result.seconds} s of mixed load (${result.customers} customer loops, ${result.staff} staff), ${result.requests} requests, ${result.claimsAccepted} claims accepted (201).`,
    '',
    '| status | requests |',
    '|---|---|',
    ...statuses.map(([status, n]) => `| ${status} | ${n} |`),
    '',
    `Failed requests (5xx or no answer): ${result.failed.length}`,
    ...[...explanations].map(([key, n]) => `- ${n} × ${key}`),
    '',
    'Each failed or refused request (seconds since the load began):',
    ...[...result.failed, ...result.refused].map(
      (r) =>
        `- ${((r.startedAt - result.startedAt) / 1000).toFixed(1)}–${((r.endedAt - result.startedAt) / 1000).toFixed(1)} s ${r.method} ${r.path} → ${r.status || 'no answer'} ${r.cause ?? ''}${'explanation' in r ? ` (${String(r.explanation)})` : ''}${'stored' in r ? (r.stored ? '; the claim was stored' : '; no claim was stored') : ''}`,
    ),
    '',
    `Request deadline: ${result.deadlineMs} ms (REQUEST_DEADLINE_MS); answered past it + 1 s: ${result.late.length}; the slowest request took ${(result.slowestMs / 1000).toFixed(2)} s.`,
    ...result.late.map(
      (r) =>
        `- ${((r.startedAt - result.startedAt) / 1000).toFixed(1)} s ${r.method} ${r.path} → ${r.status || 'no answer'} after ${((r.endedAt - r.startedAt) / 1000).toFixed(2)} s`,
    ),
    '',
    '| fault | process | at | down or frozen | projections caught up | relay caught up |',
    '|---|---|---|---|---|---|',
    ...faultRows,
    '',
    `Kafka: ${kafka.expected} integration events expected from the event store, ${kafka.messages} messages on the topic, ${kafka.repeatsOnTopic} repeated on the topic (same id), lost ${kafka.lost}; the notification consumer handled ${kafka.handledTwice} twice and left ${kafka.notHandled} unhandled.`,
    ...kafka.repeated.map(
      (r) =>
        `- on the topic ${r.sentAt.length} times: event ${r.eventId}, sent at ${r.sentAt.map((t) => `${((t - first) / 1000).toFixed(1)} s`).join(', ')}`,
    ),
    `Mail: ${mail.received} received, ${mail.expectedNotifications} claim notifications recorded as mailed, duplicates ${mail.duplicates}, lost ${mail.lost}; ${mail.queued} still queued, ${mail.deadLetters} dead letters.`,
    ...mail.repeated.map((line) => `- received twice: ${line}`),
    '',
    result.failures.length === 0
      ? 'Every check passed.'
      : `Checks failed:\n${result.failures.map((f) => `- ${f}`).join('\n')}`,
  ].join('\n');
}
