import { hc } from 'hono/client';
// A type-only import: erased at build, so no server code reaches the browser, only its route types.
import type { AppType } from '../../server/app';

const v1 = hc<AppType>('/', {
  headers: { Accept: 'application/json' },
  init: { credentials: 'same-origin' },
}).api['v1.0'];

/** The wallet's calls, signed-in and public (spec §7): `/api/v1.0/openbadge/v2/Wallet/...`. */
export const wallet = v1.openbadge.v2.Wallet;

/** The recipient's certificate calls (issue 18): `/api/v1.0/openbadge/v2/AdAssertion/...`. */
export const acad = v1.openbadge.v2.AdAssertion;

/** Sign-in, registration, activation, password reset and sign-out: `/api/v1.0/account/Wallet/...`. */
export const account = v1.account.Wallet;
