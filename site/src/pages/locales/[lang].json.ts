import type { APIRoute } from 'astro';
import { dictionaryOf, isLang } from '@site/i18n/i18n';
import { offeredLangs } from '@site/routing/language';

export const prerender = false;

/** The message dictionary of a language, for islands that translate in the browser. */
export const GET: APIRoute = ({ params, locals }) => {
  // Only a language the tenant offers (cn is jupiter's alone), as its pages do.
  if (!isLang(params.lang) || !offeredLangs(locals.tenant).includes(params.lang)) {
    return notFound();
  }
  return new Response(JSON.stringify(dictionaryOf(params.lang)), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'public, max-age=300',
    },
  });
};

function notFound(): Response {
  const problem = { type: 'about:blank', title: 'Not Found', status: 404, code: 'NOT_FOUND' };
  return new Response(JSON.stringify(problem), {
    status: 404,
    headers: { 'content-type': 'application/problem+json' },
  });
}
