import { sequence } from 'astro:middleware';
import { offerCommandLane } from '@infra/http/command-lane';
import { routeAdmin } from './routing/admin-routes';
import { commandLane } from './routing/command-lane';
import { compressPages } from './routing/compression';
import { checkCsrf } from './routing/csrf';
import { showOwnWrites } from './routing/own-writes';
import { routeLanguage } from './routing/language';
import { resolvePrincipal } from './routing/principal';
import { shapeRefusals } from './routing/request-shape';
import { logRequests } from './routing/request-log';
import { addSecurityHeaders } from './routing/security-headers';
import { resolveTenant } from './routing/tenant';

export const onRequest = sequence(
  compressPages,
  addSecurityHeaders,
  logRequests,
  resolveTenant,
  shapeRefusals,
  checkCsrf,
  resolvePrincipal,
  routeAdmin,
  routeLanguage,
  showOwnWrites,
);

// The launcher loads this module at start and sends the lane's commands straight to it.
offerCommandLane(commandLane(onRequest));
