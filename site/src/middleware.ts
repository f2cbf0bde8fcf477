import { sequence } from 'astro:middleware';
import { routeLanguage } from './routing/language';
import { resolvePrincipal } from './routing/principal';
import { logRequests } from './routing/request-log';
import { resolveTenant } from './routing/tenant';

export const onRequest = sequence(logRequests, resolveTenant, resolvePrincipal, routeLanguage);
