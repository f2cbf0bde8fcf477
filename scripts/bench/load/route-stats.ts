import { percentile } from '../portal-process';
import type { Answer } from './virtual-client';

interface Route {
  readonly latencies: number[];
  errors: number;
  readonly examples: string[];
}

/** Latency and errors per route; an error is a network failure or an unexpected status. */
export class RouteStats {
  readonly #routes = new Map<string, Route>();
  recording = true;

  async time(label: string, expected: number, call: () => Promise<Answer>): Promise<Answer> {
    const started = performance.now();
    let answer: Answer | undefined;
    let failure: string | undefined;
    try {
      answer = await call();
      if (answer.status !== expected)
        failure = `${answer.status} (expected ${expected}): ${answer.text.slice(0, 200)}`;
    } catch (error) {
      failure = String(error);
    }
    const route = this.#route(label);
    if (this.recording) route.latencies.push(performance.now() - started);
    if (failure) {
      route.errors += 1;
      if (route.examples.length < 3) route.examples.push(failure);
      throw new Error(`${label}: ${failure}`);
    }
    return answer as Answer;
  }

  get errors(): number {
    return [...this.#routes.values()].reduce((sum, r) => sum + r.errors, 0);
  }

  table(): string {
    const rows = [...this.#routes].map(([label, route]) => {
      const sorted = [...route.latencies].sort((a, b) => a - b);
      return `| ${label} | ${sorted.length} | ${route.errors} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 95).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} |`;
    });
    return [
      '| route | requests | errors | p50 ms | p95 ms | p99 ms |',
      '|---|---|---|---|---|---|',
      ...rows,
    ].join('\n');
  }

  examples(): string[] {
    return [...this.#routes].flatMap(([label, r]) => r.examples.map((e) => `${label}: ${e}`));
  }

  #route(label: string): Route {
    let route = this.#routes.get(label);
    if (!route) {
      route = { latencies: [], errors: 0, examples: [] };
      this.#routes.set(label, route);
    }
    return route;
  }
}
