import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { type NodeHandler, pathOf } from './edge-handler';

/** Answers one request to a command route, the portal's middleware included. */
export type CommandAnswer = (
  request: Request,
  clientAddress: string | undefined,
) => Promise<Response>;

/**
 * The site's most frequent writes (a claim submitted, a staff save) by method and path: the
 * answer for a route it serves, undefined for every other request (which Astro then serves).
 */
export type CommandLane = (method: string, pathname: string) => CommandAnswer | undefined;

// On globalThis: the bundled site offers the lane, the launcher around it takes it.
const KEY = Symbol.for('claims-portal.command-lane');
type Holder = { [KEY]?: CommandLane };

/** Called by the site's middleware module when it loads. */
export function offerCommandLane(lane: CommandLane): void {
  (globalThis as Holder)[KEY] = lane;
}

export function offeredCommandLane(): CommandLane | undefined {
  return (globalThis as Holder)[KEY];
}

/**
 * Sends the lane's routes to it and everything else to `site` (Astro's handler). Astro's
 * per-request work (its own Request and Response plumbing, routing, render context) was about
 * a fifth of a submission's CPU (issue 30, decision 083); the lane runs the same middleware
 * and endpoint on a context from Astro's `createContext`.
 */
export function withCommandLane(
  site: NodeHandler,
  lane: () => CommandLane | undefined,
  log: Logger,
): NodeHandler {
  return (req, res) => {
    const answer = lane()?.(req.method ?? '', pathOf(req.url ?? '/'));
    if (!answer) return site(req, res);
    answer(webRequestOf(req), req.socket.remoteAddress).then(
      (response) => writeAnswer(response, res),
      (err: unknown) => failed(res, err, log),
    );
  };
}

function webRequestOf(req: IncomingMessage): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
  const protocol = 'encrypted' in req.socket ? 'https' : 'http';
  // The edge has refused a request without a valid Host before it gets here.
  return new Request(`${protocol}://${req.headers.host}${req.url}`, {
    method: req.method,
    headers,
    body: req as unknown as ReadableStream,
    duplex: 'half',
  } as RequestInit);
}

async function writeAnswer(response: Response, res: ServerResponse): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of response.headers) if (name !== 'set-cookie') headers[name] = value;
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  if (body.length > 0) headers['content-length'] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(body);
}

/** As Astro's adapter answers a render that threw: the middleware turns errors into answers first. */
function failed(res: ServerResponse, err: unknown, log: Logger): void {
  log.error({ err }, 'command lane: the answer failed');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.statusCode = 500;
  res.end('Internal Server Error');
}
