import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestBrowser } from './oidc-test-provider';

/** The code of the newest mail in a development outbox (DATA_DIR/mail). */
export async function codeFromOutbox(dir: string): Promise<string> {
  for (let tries = 0; tries < 50; tries += 1) {
    const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.eml')).sort();
    const newest = files.at(-1);
    if (newest) {
      const code = /Code ?: ([A-Za-z0-9]+)/.exec(await readFile(join(dir, newest), 'utf8'))?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code in ${dir}`);
}

/**
 * Signs the demo customer of a portal started on `dataDir` in, as a person would: the
 * password from DATA_DIR/demo-credentials.txt, the code from the mail outbox.
 */
export async function signInAsDemoCustomerAt(
  browser: TestBrowser,
  base: string,
  dataDir: string,
): Promise<{ email: string; password: string }> {
  const credentials = await readFile(join(dataDir, 'demo-credentials.txt'), 'utf8');
  const email = /email: (.+)/.exec(credentials)?.[1] ?? '';
  const password = /password: (.+)/.exec(credentials)?.[1] ?? '';
  await browser.request(`${base}/en/`);
  const post = async (path: string, body: unknown) =>
    (
      await browser.request(`${base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-csrf-token': browser.cookie('csrf_token') ?? '',
        },
        body: JSON.stringify(body),
      })
    ).json();
  const { flowId } = await post('/api/auth/flows', {});
  const checked = await post(`/api/auth/flows/${flowId}/password`, { email, password });
  if (checked.status !== 'OTP_REQUIRED') throw new Error(`sign-in: ${checked.status}`);
  const completed = await post(`/api/auth/flows/${flowId}/otp`, {
    otp: await codeFromOutbox(join(dataDir, 'mail')),
  });
  if (completed.status !== 'COMPLETED') throw new Error(`sign-in code: ${completed.status}`);
  await post('/api/auth/session/initiate', { flowId });
  return { email, password };
}
