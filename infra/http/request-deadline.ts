import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { type ProblemLanguage, problemTitle } from '@contracts/api/problem-titles';
import type { Config } from '../config/config';
import type { NodeHandler } from './edge-handler';
import { silence } from './silence';
import { isApiPath } from './security-headers';

/** What a client should wait before trying again (the same as the site's own 503s). */
const DEADLINE_RETRY_AFTER_SECONDS = 5;

export interface DeadlineOptions {
  /** The longest a request may wait for the start of its answer once its body has arrived. */
  readonly deadlineMs: number;
  /** A longer bound for requests the portal knows take longer (uploads under inspection). */
  readonly deadlineFor?: (req: IncomingMessage) => number | undefined;
  readonly now?: () => number;
  readonly onMissed?: (req: IncomingMessage, waitedMs: number) => void;
}

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** How often the requests in flight are looked at: a deadline is met to within this. */
const SWEEP_MS = 100;

interface InFlight {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly deadlineMs: number;
  readonly startedAt: number;
  /** When the request's socket last brought bytes: its body, still arriving. */
  lastHeardAt: number;
  bytesRead: number;
}

/**
 * Every request has a deadline (issue 44): a frozen Postgres or a stuck dependency must not
 * hold a caller without limit. When no answer has started by then, the caller gets 503 with
 * Retry-After (problem+json under /api/, a plain page otherwise) and whatever the app writes
 * later goes nowhere. The clock starts at once but waits while a body is still arriving, so a
 * slow uploader is not cut off; a body that stops arriving counts as waiting.
 * The deadline is on every request's path, so it costs one entry in a map and one shared
 * listener: a sweep every 100 ms looks at the requests in flight, instead of a timer and a
 * wrapped `push` per request (decision 152), and a request leaves the map as its exchange
 * closes, so nothing of a finished request outlives it (decision 157).
 */
export function answerByDeadline(app: NodeHandler, options: DeadlineOptions): NodeHandler {
  const now = options.now ?? (() => performance.now());
  const inFlight = new Map<ServerResponse, InFlight>();
  // One function for every response: `this` is the response whose exchange closed.
  function forget(this: ServerResponse) {
    inFlight.delete(this);
  }
  let sweeper: NodeJS.Timeout | undefined;
  const sweep = () => {
    const at = now();
    for (const request of inFlight.values()) {
      const { req, res } = request;
      if (res.headersSent || res.writableEnded || res.destroyed) {
        inFlight.delete(res);
        continue;
      }
      const bytesRead = req.socket?.bytesRead ?? request.bytesRead;
      if (bytesRead !== request.bytesRead) {
        request.bytesRead = bytesRead;
        request.lastHeardAt = at;
      }
      if (at - request.lastHeardAt < request.deadlineMs) continue;
      inFlight.delete(res);
      options.onMissed?.(req, Math.round(at - request.startedAt));
      answer503(req, res, request.deadlineMs);
    }
    if (inFlight.size === 0) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  };
  return (req, res) => {
    const deadlineMs = options.deadlineFor?.(req) ?? options.deadlineMs;
    if (deadlineMs <= 0) return app(req, res);
    const startedAt = now();
    const bytesRead = req.socket?.bytesRead ?? 0;
    inFlight.set(res, { req, res, deadlineMs, startedAt, lastHeardAt: startedAt, bytesRead });
    res.on('close', forget);
    if (!sweeper) {
      sweeper = setInterval(sweep, Math.min(SWEEP_MS, Math.max(10, deadlineMs / 4)));
      sweeper.unref();
    }
    app(req, res);
  };
}

/**
 * The portal's deadlines: REQUEST_DEADLINE_MS for every request, and for an upload the
 * inspection's own bound on top, since judging its files may rightly take that long.
 */
export function requestDeadlines(
  config: Pick<Config, 'REQUEST_DEADLINE_MS' | 'INSPECTION_REQUEST_DEADLINE_MS'>,
  log: Pick<Logger, 'warn'>,
): DeadlineOptions {
  const deadlineMs = config.REQUEST_DEADLINE_MS;
  return {
    deadlineMs,
    deadlineFor: (req) =>
      deadlineMs > 0 && /^multipart\/form-data/i.test(req.headers['content-type'] ?? '')
        ? deadlineMs + config.INSPECTION_REQUEST_DEADLINE_MS
        : undefined,
    onMissed: (req, waitedMs) =>
      log.warn(
        { method: req.method, path: (req.url ?? '').split(/[?#]/, 1)[0], waitedMs },
        'request deadline missed: answered 503',
      ),
  };
}

function answer503(req: IncomingMessage, res: ServerResponse, deadlineMs: number): void {
  const path = (req.url ?? '/').split(/[?#]/, 1)[0] ?? '/';
  const lang = edgeLanguage(path, req.headers['accept-language']);
  const command = !SAFE_METHODS.has(req.method ?? 'GET');
  const requestId = randomUUID();
  const seconds = Math.ceil(deadlineMs / 1000);
  const api = isApiPath(path);
  const body = api
    ? JSON.stringify({
        type: 'about:blank',
        title: problemTitle('SERVICE_UNAVAILABLE', lang),
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
        detail: deadlineDetail(lang, seconds, command),
        requestId,
      })
    : deadlinePage(lang, seconds);
  const end = res.end.bind(res) as (data?: string) => ServerResponse;
  res.writeHead(503, {
    'content-type': api ? 'application/problem+json' : 'text/html; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    'retry-after': String(DEADLINE_RETRY_AFTER_SECONDS),
    'x-request-id': requestId,
    connection: 'close',
  });
  silence(res);
  end(req.method === 'HEAD' ? undefined : body);
}

/** The path's language, else the caller's first one; the edge does not know the tenant. */
function edgeLanguage(path: string, acceptLanguage: string | undefined): ProblemLanguage {
  const prefix = /^\/(en|fr|cn)(?:\/|$)/.exec(path)?.[1];
  if (prefix) return prefix as ProblemLanguage;
  if (/^\s*fr\b/i.test(acceptLanguage ?? '')) return 'fr';
  if (/^\s*zh\b/i.test(acceptLanguage ?? '')) return 'cn';
  return 'en';
}

const DETAIL: Readonly<Record<ProblemLanguage, (seconds: number, command: boolean) => string>> = {
  en: (s, command) =>
    command
      ? `No answer within ${s} s. The request may have been carried out: send it again with the same Idempotency-Key and it will not be done twice.`
      : `No answer within ${s} s. Try again in a few seconds.`,
  fr: (s, command) =>
    command
      ? `Aucune réponse en ${s} s. La demande a peut-être été exécutée : renvoyez-la avec la même clé Idempotency-Key, elle ne sera pas faite deux fois.`
      : `Aucune réponse en ${s} s. Réessayez dans quelques secondes.`,
  cn: (s, command) =>
    command
      ? `${s} 秒内无响应。请求可能已执行：请使用相同的 Idempotency-Key 重新发送，不会重复执行。`
      : `${s} 秒内无响应。请几秒钟后重试。`,
};

const deadlineDetail = (lang: ProblemLanguage, seconds: number, command: boolean) =>
  DETAIL[lang](seconds, command);

const PAGE: Readonly<Record<ProblemLanguage, { title: string; text: string; again: string }>> = {
  en: {
    title: 'The portal is taking too long',
    text: 'The portal did not answer in time. Nothing is lost: try again in a few seconds.',
    again: 'Try again',
  },
  fr: {
    title: 'Le portail met trop de temps à répondre',
    text: 'Le portail n’a pas répondu à temps. Rien n’est perdu : réessayez dans quelques secondes.',
    again: 'Réessayer',
  },
  cn: {
    title: '门户响应时间过长',
    text: '门户未能及时响应。没有任何数据丢失：请几秒钟后重试。',
    again: '重试',
  },
};

function deadlinePage(lang: ProblemLanguage, _seconds: number): string {
  const page = PAGE[lang];
  const htmlLang = lang === 'cn' ? 'zh-Hans' : lang;
  return `<!doctype html><html lang="${htmlLang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${page.title}</title></head><body><main><h1>${page.title}</h1><p>${page.text}</p><p><a href="">${page.again}</a></p></main></body></html>`;
}
