import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { freePort } from '@tests/support/free-port';
import type { AppendOnce } from './writers';

export interface ReferenceSessions {
  readonly databaseUrl: string;
  /** The signed-in demo customer's and staff agent's session ids (cookies `session`, `staff_session`). */
  readonly customerSession: string;
  readonly staffSession: string;
}

/** reference-server.ts as its own process, and clients shaped like the portal path's. */
export async function openReferencePath(sessions: ReferenceSessions) {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./reference-server.ts', import.meta.url).pathname],
    {
      env: { ...process.env, DATABASE_URL: sessions.databaseUrl, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the reference server exited with ${code}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const post = async (path: string, cookie: string, body: unknown, ifMatch?: string) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie,
        ...(ifMatch ? { 'if-match': ifMatch } : {}),
      },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`reference ${path}: ${response.status}`);
    return { json, etag: response.headers.get('etag') ?? '' };
  };
  const customer = `session=${sessions.customerSession}`;
  let policy = 0;
  const submit = () => {
    policy += 1;
    return post('/claims', customer, {
      policyNumber: `REF-${process.pid}-${policy}`,
      productCode: '210',
      productType: 'Mortgage',
      claimType: 'Job Loss',
    });
  };
  return {
    pid: () => child.pid as number,
    submitter: (): AppendOnce => async () => {
      await submit();
    },
    async editor(): Promise<AppendOnce> {
      const created = await submit();
      const submissionId = created.json.submissionId as string;
      let etag = created.etag;
      let cents = 10_000;
      return async () => {
        cents += 1;
        etag = (
          await post(
            `/admin/claims/${submissionId}`,
            `staff_session=${sessions.staffSession}`,
            { benefitAmount: (cents / 100).toFixed(2) },
            etag,
          )
        ).etag;
      };
    },
    async stop() {
      child.kill('SIGINT');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}
