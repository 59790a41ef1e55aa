import { z } from 'zod';

/** Spec §1: type 1 signs in through the portal, type 2 with the wallet's own password. */
export { USER_TYPE_PORTAL, USER_TYPE_WALLET } from '../auth/user-types';

/** ID token algorithms accepted when a provider's entry names none (asymmetric only: SSO-03). */
export const DEFAULT_ALGORITHMS = ['RS256', 'ES256'];
const ASYMMETRIC = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];

const providerSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/),
  name: z.string().min(1).max(80),
  issuer: z.url({ protocol: /^https?$/ }),
  client_id: z.string().min(1).max(256),
  algorithms: z.array(z.enum(ASYMMETRIC)).min(1).optional(),
  logout: z.boolean().optional(),
  account_url: z.url({ protocol: /^https?$/ }).optional(),
  scope: z.string().max(256).optional(),
});

const providersSchema = z.array(providerSchema).max(10);
const secretsSchema = z.record(z.string(), z.string().min(1));

export interface PortalProvider {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  algorithms: string[];
  logout: boolean;
  accountUrl: string | null;
  scope: string;
}

/**
 * The two variables, read from any env object: pages pass `Astro.locals.env` (Env), whose type
 * does not carry the optional variables declared in secrets.d.ts.
 */
type PortalEnv = { PORTAL_PROVIDERS?: string; PORTAL_CLIENT_SECRETS?: string };

function parse(env: PortalEnv): { providers: PortalProvider[]; problem: string | null } {
  const raw = env.PORTAL_PROVIDERS?.trim();
  if (!raw) return { providers: [], problem: null };
  let list: z.infer<typeof providersSchema>;
  let secrets: Record<string, string>;
  try {
    list = providersSchema.parse(JSON.parse(raw));
    secrets = secretsSchema.parse(JSON.parse(env.PORTAL_CLIENT_SECRETS?.trim() || '{}'));
  } catch {
    return {
      providers: [],
      problem: 'PORTAL_PROVIDERS or PORTAL_CLIENT_SECRETS is not valid (docs/design/sign-in.md "Portal sign-in").',
    };
  }
  if (new Set(list.map((p) => p.id)).size !== list.length)
    return { providers: [], problem: 'PORTAL_PROVIDERS names one provider id twice.' };
  const missing = list.filter((p) => !secrets[p.id]).map((p) => p.id);
  if (missing.length > 0)
    return { providers: [], problem: `PORTAL_CLIENT_SECRETS has no secret for: ${missing.join(', ')}.` };
  const providers = list.map((p) => ({
    id: p.id,
    name: p.name,
    issuer: p.issuer,
    clientId: p.client_id,
    clientSecret: secrets[p.id] ?? '',
    algorithms: p.algorithms ?? DEFAULT_ALGORITHMS,
    logout: p.logout ?? false,
    accountUrl: p.account_url ?? null,
    scope: p.scope ?? 'openid email profile',
  }));
  return { providers, problem: null };
}

/** Parsed once per isolate for the same two strings (the bindings rarely change; tests switch them). */
let memo: { key: string; value: { providers: PortalProvider[]; problem: string | null } } | null = null;

function config(anyEnv: object) {
  const env = anyEnv as PortalEnv;
  const key = `${env.PORTAL_PROVIDERS ?? ''}\u0000${env.PORTAL_CLIENT_SECRETS ?? ''}`;
  if (memo?.key !== key) memo = { key, value: parse(env) };
  return memo.value;
}

/** Every configured provider (empty when portal sign-in is off or misconfigured). */
export const configuredProviders = (env: object): PortalProvider[] => config(env).providers;

/** What the configuration check reports, or null. */
export const portalConfigProblem = (env: object): string | null => config(env).problem;

/** The login page's buttons: one per provider (R2 renders them). */
export function portalProviders(env: object): { id: string; name: string }[] {
  return configuredProviders(env).map((p) => ({ id: p.id, name: p.name }));
}

export function findProvider(env: object, id: string | null | undefined): PortalProvider | null {
  return configuredProviders(env).find((p) => p.id === id) ?? null;
}

/** Where a type-1 user manages the password (the portal's account page), or null when not configured. */
export function portalAccountUrl(env: object, providerId: string | null | undefined): string | null {
  return findProvider(env, providerId)?.accountUrl ?? null;
}
