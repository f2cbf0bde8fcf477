import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { freePort } from '@tests/support/free-port';
import { lightClient } from './light-client';
import type { AppendOnce } from './writers';

export interface ReferenceSessions {
  readonly databaseUrl: string;
  /** The signed-in demo customer's and staff agent's session ids (cookies `session`, `staff_session`). */
  readonly customerSession: string;
  readonly staffSession: string;
}

/** reference-server.ts as its own process, and clients like the portal path's (light-client.ts). */
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
  const client = lightClient(base, {});
  const post = async (path: string, cookie: string, body: unknown, ifMatch?: string) => {
    const answer = await client('POST', path, body, {
      cookie,
      ...(ifMatch ? { 'if-match': ifMatch } : {}),
    });
    if (answer.status >= 300) throw new Error(`reference ${path}: ${answer.status}`);
    return { json: JSON.parse(answer.text) as Record<string, unknown>, etag: answer.etag ?? '' };
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
