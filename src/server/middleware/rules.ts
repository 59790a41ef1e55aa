import { CONFIG } from '../config';
import type { RouterRules } from './router';
import { requireUser } from './require-user';

/** Wallet calls: a signed-in user (cookie or `access_token`), small JSON bodies. */
export const SIGNED_IN: RouterRules = { access: 'session', guard: requireUser(), maxBody: CONFIG.jsonBodyMaxBytes };

/** Calls anyone may make (spec §7's public calls, sign-in, registration): small JSON bodies. */
export const ANONYMOUS: RouterRules = { access: 'anonymous', maxBody: CONFIG.jsonBodyMaxBytes };
