import type { APIRoute } from 'astro';
import { buildOpenApiDocument } from '@contracts/api/openapi';

export const prerender = false;

const document = JSON.stringify(buildOpenApiDocument('0.1.0'));

/** The OpenAPI 3.1 description of this API, generated from contracts/. */
export const GET: APIRoute = () =>
  new Response(document, { headers: { 'content-type': 'application/json' } });
