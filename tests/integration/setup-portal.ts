import { env } from 'cloudflare:workers';
import { inject } from 'vitest';
import { portalVars } from '../../scripts/portal/vars.mjs';

// The local portal of tests/support/portal-provider.ts is the Worker's OpenID provider "portal".
Object.assign(env, portalVars(inject('portal')));
