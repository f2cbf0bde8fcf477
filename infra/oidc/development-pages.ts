import type { ServerResponse } from 'node:http';
import type { DemoUser } from './demo-staff-users';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const STYLE = `body{font-family:system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#1b1b1b}
ul{list-style:none;padding:0}li{margin:.75rem 0}
button{width:100%;text-align:left;padding:.75rem 1rem;font:inherit;border:1px solid #767676;border-radius:.25rem;background:#fff;cursor:pointer}
button:hover,button:focus{background:#eef3fb;outline:2px solid #0b5cad}
small{display:block;color:#555}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body>
</html>`;
}

/** The development sign-in page: one form per demo user, each a single button. */
export function chooseUserPage(action: string, users: readonly DemoUser[]): string {
  const items = users
    .map(
      (user) => `<li><form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="sub" value="${escapeHtml(user.sub)}">
<button type="submit">${escapeHtml(user.name)}<small>${escapeHtml(user.email)} · roles: ${escapeHtml(user.roles.join(', ') || 'none')}</small></button>
</form></li>`,
    )
    .join('\n');
  return page(
    'Development sign-in',
    `<h1>Development sign-in</h1>
<p>This identity provider exists only outside production. Choose who you are:</p>
<ul>${items}</ul>`,
  );
}

export function errorPage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.statusCode = status;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  // Inline styles only; forms may post here and then be redirected to the portal.
  res.setHeader('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
  res.end(html);
}
