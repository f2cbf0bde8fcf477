import type { IncomingMessage, ServerResponse } from 'node:http';
import { errors, type Provider } from 'oidc-provider';
import type { DemoUser } from './demo-staff-users';
import { chooseUserPage, errorPage, sendHtml } from './development-pages';

const MAX_FORM_BYTES = 1_024;

/** Answers the interaction page and its form; false when the request is not theirs. */
export type InteractionHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

export const interactionPath = (prefix: string, uid: string) => `${prefix}/interaction/${uid}`;

/** The path as the browser sent it, also when a connect-style `use('/oidc', …)` cut the prefix. */
export const fullUrl = (req: IncomingMessage) =>
  (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';

export function developmentInteractions(
  provider: Provider,
  prefix: string,
  users: readonly DemoUser[],
): InteractionHandler {
  const route = new RegExp(`^${escapeRegExp(prefix)}/interaction/([\\w-]+)(/login)?$`);
  return async (req, res) => {
    const match = route.exec(new URL(fullUrl(req), 'http://host').pathname);
    if (!match) return false;
    const [, uid = '', login] = match;
    try {
      if (req.method === 'GET' && !login) await showUsers(provider, req, res, prefix, users);
      else if (req.method === 'POST' && login) await signIn(provider, req, res, uid, users);
      else
        sendHtml(res, 405, errorPage('Not allowed', 'This address only answers the sign-in form.'));
    } catch (error) {
      if (!(error instanceof errors.SessionNotFound)) throw error;
      sendHtml(res, 400, errorPage('Sign-in expired', 'Start again from the claims portal.'));
    }
    return true;
  };
}

async function showUsers(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  prefix: string,
  users: readonly DemoUser[],
): Promise<void> {
  const { uid } = await provider.interactionDetails(req, res);
  sendHtml(res, 200, chooseUserPage(`${interactionPath(prefix, uid)}/login`, users));
}

/** Signs the chosen user in and grants the requested scopes at once: there is no consent step. */
async function signIn(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  uid: string,
  users: readonly DemoUser[],
): Promise<void> {
  const interaction = await provider.interactionDetails(req, res);
  const sub = new URLSearchParams(await readSmallForm(req)).get('sub');
  const user = users.find((candidate) => candidate.sub === sub);
  if (interaction.uid !== uid || !user) {
    sendHtml(res, 400, errorPage('Unknown user', 'Choose one of the listed users.'));
    return;
  }
  const grant = new provider.Grant({
    accountId: user.sub,
    clientId: String(interaction.params.client_id),
  });
  grant.addOIDCScope(String(interaction.params.scope ?? 'openid'));
  const grantId = await grant.save();
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: user.sub, remember: false }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}

/** The form body; anything longer than the one-field form is read as empty. */
async function readSmallForm(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > MAX_FORM_BYTES) return '';
  }
  return body;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
