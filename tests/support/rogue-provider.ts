import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import type { TestProject } from 'vitest/node';

/**
 * What the next token request answers (POST /next-token). Claims left out get a valid default; a
 * claim set to null is left out of the token. `nonce`: 'echo' (default) copies the pending authorize
 * request's nonce, 'missing' leaves it out, any other string is used as is.
 */
export interface RogueRecipe {
  alg?: 'RS256' | 'ES256' | 'none' | 'HS256';
  iss?: string | null;
  aud?: string | string[] | null;
  exp?: number | null;
  iat?: number | null;
  nonce?: 'echo' | 'missing' | string;
  sub?: string | null;
  email?: string | null;
  email_verified?: boolean | null;
  azp?: string | null;
  /** Signed by a key of the same kid that the JWKS does not hold. */
  signWithForeignKey?: boolean;
  /** The token endpoint misbehaves instead: an HTML page, broken JSON, a 500, or a 15 s pause before a valid answer. */
  garbage?: 'html' | 'bad-json' | '500' | 'slow';
  /** For 'slow': how long to wait (ms, default 15000). */
  delayMs?: number;
  /** The `iss` of the next authorization response: another string, or null to leave it out. */
  callbackIss?: string | null;
  /**
   * Only for the sign-in whose authorization request carried this `state` (test files run in
   * parallel against one rogue provider); without it, the recipe is for whichever request comes next.
   */
  state?: string;
}

/** The rogue provider as tests see it (inject('rogue')). */
export interface RogueProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** A ready PORTAL_PROVIDERS entry (id "rogue") for this provider. */
  provider: Record<string, unknown>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A fake OpenID provider whose token endpoint answers what the test asked for (SSO-03, SSO-20). */
    rogue: RogueProvider;
  }
}

const CLIENT_ID = 'lanyard-rogue';

interface Pending {
  nonce?: string;
  state?: string;
  redirect_uri?: string;
  code_challenge?: string;
}

function rsa() {
  return generateKeyPairSync('rsa', { modulusLength: 2048 });
}
function ec() {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' });
}

/** Builds the ID token the recipe describes. */
async function craftIdToken(
  recipe: RogueRecipe,
  defaults: { issuer: string; nonce?: string },
  keys: { rs: KeyObject; es: KeyObject; foreignRs: KeyObject; foreignEs: KeyObject; secret: string },
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const nonce = recipe.nonce === undefined || recipe.nonce === 'echo' ? defaults.nonce : recipe.nonce;
  const claims: Record<string, unknown> = {
    iss: defaults.issuer,
    aud: CLIENT_ID,
    exp: now + 300,
    iat: now,
    sub: 'rogue-user',
    email: 'rogue@example.test',
    email_verified: true,
  };
  for (const key of ['iss', 'aud', 'exp', 'iat', 'sub', 'email', 'email_verified', 'azp'] as const) {
    if (recipe[key] !== undefined) claims[key] = recipe[key];
  }
  if (nonce !== undefined && nonce !== 'missing') claims.nonce = nonce;
  const payload = Object.fromEntries(Object.entries(claims).filter(([, v]) => v !== null));

  const alg = recipe.alg ?? 'RS256';
  if (alg === 'none') {
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.`;
  }
  if (alg === 'HS256') {
    // The client secret as the HMAC key: what an RP that trusted the token's own alg would accept.
    return new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT' }).sign(new TextEncoder().encode(keys.secret));
  }
  const key =
    alg === 'RS256'
      ? recipe.signWithForeignKey
        ? keys.foreignRs
        : keys.rs
      : recipe.signWithForeignKey
        ? keys.foreignEs
        : keys.es;
  return new SignJWT(payload)
    .setProtectedHeader({ alg, kid: alg === 'RS256' ? 'rogue-rs' : 'rogue-es', typ: 'JWT' })
    .sign(key);
}

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the rogue provider on 127.0.0.1 (a free port). */
export async function startRogue(): Promise<RogueProvider & { stop(): Promise<void> }> {
  const rs = rsa();
  const es = ec();
  const keys = {
    rs: rs.privateKey,
    es: es.privateKey,
    foreignRs: rsa().privateKey,
    foreignEs: ec().privateKey,
    secret: randomBytes(24).toString('base64url'),
  };
  const jwks = {
    keys: [
      { ...rs.publicKey.export({ format: 'jwk' }), kid: 'rogue-rs', alg: 'RS256', use: 'sig' },
      { ...es.publicKey.export({ format: 'jwk' }), kid: 'rogue-es', alg: 'ES256', use: 'sig' },
    ],
  };
  const pending = new Map<string, Pending>();
  let latest: Pending | undefined;
  let recipe: RogueRecipe | undefined;
  const byState = new Map<string, RogueRecipe>();
  const timers = new Set<NodeJS.Timeout>();
  let issuer = '';

  const send = (res: ServerResponse, status: number, text: string, type = 'application/json') =>
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(text);

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === '/.well-known/openid-configuration') {
      return send(
        res,
        200,
        JSON.stringify({
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          end_session_endpoint: `${issuer}/logout`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256', 'ES256', 'HS256', 'none'],
          token_endpoint_auth_methods_supported: ['client_secret_basic'],
          code_challenge_methods_supported: ['S256'],
          authorization_response_iss_parameter_supported: true,
          scopes_supported: ['openid', 'email', 'profile'],
        }),
      );
    }
    if (url.pathname === '/jwks') return send(res, 200, JSON.stringify(jwks));
    if (url.pathname === '/authorize') {
      const p = Object.fromEntries(url.searchParams) as Pending;
      const code = randomBytes(16).toString('base64url');
      pending.set(code, p);
      latest = p;
      if (!p.redirect_uri) return send(res, 400, '{"error":"invalid_request"}');
      const back = new URL(p.redirect_uri);
      back.searchParams.set('code', code);
      if (p.state !== undefined) back.searchParams.set('state', p.state);
      const planned = (p.state !== undefined && byState.get(p.state)) || recipe;
      const iss = planned?.callbackIss === undefined ? issuer : planned.callbackIss;
      if (iss !== null) back.searchParams.set('iss', iss);
      return void res.writeHead(302, { location: back.href }).end();
    }
    if (url.pathname === '/last-authorize') return send(res, latest ? 200 : 404, JSON.stringify(latest ?? {}));
    if (url.pathname === '/next-token' && req.method === 'POST') {
      try {
        const next = JSON.parse(await body(req)) as RogueRecipe;
        if (typeof next.state === 'string') byState.set(next.state, next);
        else recipe = next;
      } catch {
        return send(res, 400, '{"error":"recipe is not JSON"}');
      }
      return void res.writeHead(204).end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(await body(req));
      const auth = pending.get(form.get('code') ?? '') ?? latest;
      const own = auth?.state !== undefined ? byState.get(auth.state) : undefined;
      const r = own ?? recipe ?? {};
      if (own) byState.delete(auth?.state ?? '');
      else recipe = undefined;
      if (r.garbage === 'html') return send(res, 200, '<!doctype html><h1>Portal maintenance</h1>', 'text/html');
      if (r.garbage === 'bad-json') return send(res, 200, '{"access_token": "x", "id_token": ');
      if (r.garbage === '500') return send(res, 500, '{"error":"server_error"}');
      const answer = async () =>
        send(
          res,
          200,
          JSON.stringify({
            access_token: randomBytes(16).toString('base64url'),
            token_type: 'Bearer',
            expires_in: 300,
            id_token: await craftIdToken(r, { issuer, nonce: auth?.nonce }, keys),
          }),
        );
      if (r.garbage === 'slow') {
        const t = setTimeout(() => (timers.delete(t), void answer().catch(() => undefined)), r.delayMs ?? 15_000);
        timers.add(t);
        return undefined;
      }
      return answer();
    }
    if (url.pathname === '/logout') return send(res, 200, '<p>signed out</p>', 'text/html');
    return send(res, 404, '{"error":"not_found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    clientId: CLIENT_ID,
    clientSecret: keys.secret,
    provider: {
      id: 'rogue',
      name: 'Rogue Portal',
      issuer,
      client_id: CLIENT_ID,
      algorithms: ['RS256', 'ES256'],
      logout: false,
    },
    async stop() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** vitest globalSetup: one rogue provider for the workerd tests, provided as `rogue`. */
export default async function setup(project: TestProject) {
  const rogue = await startRogue();
  const { stop, ...provided } = rogue;
  project.provide('rogue', provided);
  return stop;
}
