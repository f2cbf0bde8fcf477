import type { APIRoute } from 'astro';
import { dictionaryOf, isLang } from '@site/i18n/i18n';
import { requestLanguage } from '@site/lib/api-language.server';
import { notFoundResponse } from '@site/lib/problem.server';
import { offeredLangs } from '@site/routing/language';

export const prerender = false;

/** The message dictionary of a language, for islands that translate in the browser. */
export const GET: APIRoute = (context) => {
  const { params, locals } = context;
  // Only a language the tenant offers (cn is jupiter's alone), as its pages do.
  if (!isLang(params.lang) || !offeredLangs(locals.tenant).includes(params.lang)) {
    return notFoundResponse(locals.requestId, requestLanguage(context));
  }
  return new Response(JSON.stringify(dictionaryOf(params.lang)), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'public, max-age=300',
    },
  });
};
