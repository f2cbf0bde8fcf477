/** One alert as Prometheus's `/api/v1/alerts` lists it (pending or firing; resolved ones leave). */
export interface ActiveAlert {
  readonly labels: Readonly<Record<string, string>> & { readonly alertname: string };
  readonly state: 'pending' | 'firing';
  /** When its expression first held (ISO time). */
  readonly activeAt: string;
}

export async function activeAlerts(prometheus: string): Promise<ActiveAlert[]> {
  const answer = await fetch(`${prometheus}/api/v1/alerts`, { signal: AbortSignal.timeout(5_000) });
  if (!answer.ok) throw new Error(`${prometheus}/api/v1/alerts answered ${answer.status}`);
  const body = (await answer.json()) as { data: { alerts: ActiveAlert[] } };
  return body.data.alerts;
}

/** Every scrape target's health, by `job instance`. */
export async function targetHealth(prometheus: string): Promise<Map<string, string>> {
  const answer = await fetch(`${prometheus}/api/v1/targets`, {
    signal: AbortSignal.timeout(5_000),
  });
  if (!answer.ok) throw new Error(`${prometheus}/api/v1/targets answered ${answer.status}`);
  const body = (await answer.json()) as {
    data: { activeTargets: { labels: { job: string; instance: string }; health: string }[] };
  };
  return new Map(
    body.data.activeTargets.map((t) => [`${t.labels.job} ${t.labels.instance}`, t.health]),
  );
}

/** Calls `probe` every second until it returns something, or throws after `timeoutMs`. */
export async function pollFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe().catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 1_000));
  }
}
