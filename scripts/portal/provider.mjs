// "The portal": a real OpenID provider (oidc-provider) on 127.0.0.1 that Lanyard signs in against
// in npm start, vitest and the bench (issue 20). One confidential client, `lanyard-local`, for
// one wallet base; PKCE S256 required, RFC 9207 `iss` in every authorization response, short codes,
// RP-initiated and back-channel logout with `sid`. Its own login page, no consent screen (a
// first-party portal grants what Lanyard asks for).
import { createServer } from 'node:http';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import Provider from 'oidc-provider';
import { memoryAdapter } from './store.mjs';
import { userDirectory } from './users.mjs';
import { accountPage, errorPage, homePage, loginPage, logoutPage, pickLocale, signedOutPage } from './pages.mjs';
import { startCapture } from './capture.mjs';
import { readForm, sendJson } from './http.mjs';

export const PORTAL_CLIENT_ID = 'lanyard-local';

/** The paths Lanyard serves for a portal (R1's routes): callback, post-logout landing, back-channel logout. */
export function walletUris(walletBase) {
  const base = walletBase.replace(/\/+$/, '');
  return {
    redirect_uri: `${base}/ns/portal/openbadge/portal/callback`,
    post_logout_redirect_uri: `${base}/ns/portal/openbadge/login`,
    backchannel_logout_uri: `${base}/api/v1.0/account/Portal/BackchannelLogout`,
  };
}

/** Fresh signing keys per run: RS256 (the client's ID token algorithm) and ES256 (listed in the JWKS). */
function signingKeys() {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
  return {
    keys: [
      { ...rsa, kid: `rs-${randomUUID().slice(0, 8)}`, alg: 'RS256', use: 'sig' },
      { ...ec, kid: `es-${randomUUID().slice(0, 8)}`, alg: 'ES256', use: 'sig' },
    ],
  };
}

/** Grants a first-party client every supported scope it asks for, so no consent prompt ever shows. */
async function grantWhatIsAsked(ctx) {
  const { provider, client, session, account } = ctx.oidc;
  const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
  const grant =
    (grantId && (await provider.Grant.find(grantId))) ||
    new provider.Grant({ accountId: account.accountId, clientId: client.clientId });
  const scopes = [...ctx.oidc.requestParamScopes].filter((s) => ['openid', 'email', 'profile'].includes(s));
  grant.addOIDCScope(scopes.join(' '));
  grant.addOIDCClaims([...ctx.oidc.requestParamClaims]);
  await grant.save();
  return grant;
}

/**
 * Starts a portal on 127.0.0.1:`port` (0: a free port) for the wallet served at `walletBases[0]`.
 * `captureBackchannel`: back-channel logout tokens go to a capture server in this process instead of
 * the wallet (vitest, where nothing listens on the wallet's address); `testUsers`: accept
 * `POST /__test/users` (bearer: the client secret) so workerd tests can add users.
 */
export async function startPortal({
  port = 0,
  walletBases,
  clientSecret = randomBytes(32).toString('base64url'),
  captureBackchannel = false,
  testUsers = false,
} = {}) {
  if (!walletBases?.length) throw new TypeError('startPortal needs walletBases: [the wallet base URL]');
  const walletBase = walletBases[0].replace(/\/+$/, '');
  const users = userDirectory();
  const capture = captureBackchannel ? await startCapture() : undefined;
  const uris = walletUris(walletBase);

  const server = createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const lang = (ctx, params) => pickLocale(params?.ui_locales, ctx.get('accept-language'));

  const provider = new Provider(issuer, {
    adapter: memoryAdapter(),
    jwks: signingKeys(),
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    clients: [
      {
        client_id: PORTAL_CLIENT_ID,
        client_secret: clientSecret,
        client_name: 'Lanyard',
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        id_token_signed_response_alg: 'RS256',
        redirect_uris: [uris.redirect_uri],
        post_logout_redirect_uris: [uris.post_logout_redirect_uri],
        backchannel_logout_uri: capture ? `${capture.url}/backchannel` : uris.backchannel_logout_uri,
        backchannel_logout_session_required: true,
      },
    ],
    scopes: ['openid', 'email', 'profile'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'locale'],
      sid: null,
      auth_time: null,
      acr: null,
      iss: null,
    },
    responseTypes: ['code'],
    enabledJWA: { idTokenSigningAlgValues: ['RS256', 'ES256'] },
    pkce: { required: () => true },
    // Profile and email claims in the ID token itself, where a relying party reads them at sign-in.
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const claims = users.claimsOf(sub);
      return claims && { accountId: sub, claims: async () => claims };
    },
    loadExistingGrant: grantWhatIsAsked,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          const fromHome = (ctx.get('referer') || '').startsWith(`${issuer}/`);
          ctx.body = logoutPage(lang(ctx, ctx.oidc.params), form, fromHome || Boolean(ctx.oidc.client));
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.body = signedOutPage(lang(ctx));
        },
      },
    },
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 8 * 3600,
      Grant: 8 * 3600,
    },
    clientBasedCORS: () => false,
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(lang(ctx), out);
    },
    // oidc-provider refuses to connect to special-use addresses (SSRF guard); the only outgoing
    // requests here are back-channel logouts to the registered wallet on 127.0.0.1, so it is lifted.
    fetch: (url, options) => globalThis.fetch(url, { ...options, dispatcher: undefined }),
  });

  provider.use(async (ctx, next) => {
    const path = ctx.path;
    const interaction = /^\/interaction\/([\w-]+)(\/login)?$/.exec(path);
    if (interaction) return handleInteraction(ctx, interaction[1], interaction[2]);
    if (ctx.method === 'GET' && (path === '/' || path === '/account')) {
      const session = await provider.Session.get(ctx);
      const user = session.accountId ? users.claimsOf(session.accountId) : undefined;
      ctx.type = 'html';
      ctx.set('cache-control', 'no-store');
      ctx.body =
        path === '/'
          ? homePage({ lang: lang(ctx), user, walletLogin: uris.post_logout_redirect_uri })
          : accountPage({ lang: lang(ctx), user });
      return undefined;
    }
    if (testUsers && ctx.method === 'POST' && path === '/__test/users') {
      if (ctx.get('authorization') !== `Bearer ${clientSecret}`) return sendJson(ctx, 401, { error: 'unauthorized' });
      try {
        users.addUser(JSON.parse(await readForm(ctx.req, 'raw')));
      } catch (err) {
        return sendJson(ctx, 400, { error: String(err.message ?? err) });
      }
      return sendJson(ctx, 201, { ok: true });
    }
    return next();
  });

  async function handleInteraction(ctx, uid, login) {
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    if (details.uid !== uid) ctx.throw(400, 'interaction mismatch');
    const locale = lang(ctx, details.params);
    const action = `/interaction/${uid}/login`;
    if (details.prompt.name === 'consent') {
      // Not reached with grantWhatIsAsked in place; kept so a changed policy cannot hang a sign-in.
      const grant = new provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      ctx.respond = false;
      return provider.interactionFinished(ctx.req, ctx.res, { consent: { grantId: await grant.save() } });
    }
    ctx.type = 'html';
    ctx.set('cache-control', 'no-store');
    if (!login || ctx.method !== 'POST') {
      ctx.body = loginPage({ lang: locale, action, client: 'Lanyard' });
      return undefined;
    }
    const form = await readForm(ctx.req);
    const user = users.check(form.get('login'), form.get('password'));
    if (!user) {
      ctx.body = loginPage({ lang: locale, action, client: 'Lanyard', login: form.get('login') ?? '', wrong: true });
      return undefined;
    }
    ctx.respond = false;
    return provider.interactionFinished(
      ctx.req,
      ctx.res,
      { login: { accountId: user.sub, remember: true } },
      { mergeWithLastSubmission: false },
    );
  }

  const errors = [];
  provider.on('server_error', (_ctx, err) => console.error('portal: server error', err));
  provider.on('backchannel.error', (_ctx, err, client) => {
    errors.push(err);
    console.error(`portal: back-channel logout to ${client.backchannelLogoutUri} failed: ${err.message}`);
  });

  server.on('request', provider.callback());

  return {
    issuer,
    port: server.address().port,
    clientId: PORTAL_CLIENT_ID,
    clientSecret,
    walletBase,
    /** Where the capture server answers `GET /last?sid=`; only with captureBackchannel. */
    captureUrl: capture?.url,
    accountUrl: `${issuer}/account`,
    addUser: users.addUser,
    backchannelErrors: errors,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve()));
      await capture?.stop();
    },
  };
}
