import type { MiddlewareHandler } from 'astro';
import { awaitOwnWrites } from '@site/lib/read-your-writes.server';

const READS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

/** A page read shows the caller's own last write (decision 096); API reads wait in apiRoute. */
export const showOwnWrites: MiddlewareHandler = async (context, next) => {
  if (READS.has(context.request.method) && !context.url.pathname.startsWith('/api/'))
    await awaitOwnWrites(context);
  return next();
};
