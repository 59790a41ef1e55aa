import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono, type MiddlewareHandler } from 'hono';
import { publicAccountRoutes } from './accounts/public-routes';
import { accountRoutes, loginRoutes } from './accounts/routes';
import { secondStepRoutes } from './accounts/second-step-routes';
import { passkeySignInRoutes } from './accounts/passkey-routes';
import { authRoutes } from './sessions/logout-routes';
import { endPortalSession } from './portal/logout';
import { accessTokenRoutes, backchannelRoutes, portalFlowRoutes } from './portal/routes';
import { loadSession } from './middleware/session';
import { CONFIG } from './config';
import type { AppEnv } from './context';
import { notFound, onError } from './http/on-error';
import { issuerAdminRoutes, issuingRoutes } from './issuing/routes';
import { anchoringAdminRoutes } from './anchoring/routes';
import { acadDocIssuingRoutes, certTemplateRoutes } from './issuing/acad-routes';
import { clrIssuerRoutes } from './clr/issue/routes';
import { OB_PREFIX } from './openbadges/urls';
import { hostedRoutes } from './hosted/routes';
import { validationHook } from './http/validation';
import { guardPages } from './middleware/page-guard';
import { portalProviders } from './portal/config';
import { PORTAL_SESSION_COOKIE } from './portal/cookies';
import { renderTiming } from './middleware/render-timing';
import { requestTiming } from './middleware/timing';
import { walletRoutes } from './wallet/routes';
import { downloadRoutes } from './downloads/routes';
import { acadDownloadRoutes } from './certificates/download-routes';
import { blockcertsDownloadRoutes } from './downloads/blockcerts-routes';
import { blockcertsRoutes } from './blockcerts/routes';
import { shareRoutes } from './share/routes';
import { walletPrefsRoutes } from './wallet/prefs-routes';
import { hostImageRoutes, hostRoutes, publicHostRoutes } from './wallet/host-routes';
import { verifyRoutes } from './verify/routes';
import { importRoutes } from './import/routes';
import { exportRoutes } from './export/routes';
import { exportImportRoutes } from './export/import-routes';
import { emailRoutes } from './settings/emails-routes';
import { receptionRoutes } from './settings/reception-routes';
import { settingsRoutes } from './settings/prefs-routes';
import { sessionRoutes } from './sessions/routes';
import { twoStepRoutes } from './settings/two-step-routes';
import { passkeyRoutes } from './settings/passkey-routes';
import { deletionRoutes } from './settings/deletion-routes';
import { mergeRoutes } from './settings/merge-routes';
import { notificationRoutes } from './notifications/routes';
import { discoveryRoutes } from './discovery/routes';
import { profileImageRoutes, profileImageUploadRoutes, profileRoutes } from './settings/profile-routes';
import { acadDocCheckRoutes, publicWalletRoutes } from './wallet/public-routes';
import { acadDocRoutes, publicAcadDocRoutes } from './certificates/acad-routes';
import { acadCardRoutes } from './certificates/card-routes';
import { heldRecordRoutes, publicHeldRecordRoutes } from './clr/hold/routes';
import { receiveLinkRoutes } from './wallet/receive-routes';
import { crossSiteGuard } from './middleware/cross-site';
import { edgeCache } from './middleware/edge-cache';
import { CACHED_PAGE_PATHS, CACHED_IMAGE_PATHS } from './edge-cache/targets';
import { d1Session } from './middleware/d1-session';
import { locale } from './middleware/locale';
import { maintenanceGate } from './middleware/maintenance-gate';
import { requestContext } from './middleware/request-context';
import { securityHeaders } from './middleware/security-headers';
import { mountApiDocs } from './system/openapi';
import { systemRoutes } from './system/routes';
import { devRoutes } from './system/dev-routes';
import { formContext } from './middleware/page-form';
import { mountPageForms } from './forms/routes';
import { CLR_API, OB3_API } from './ob3api/config';
import { issuedCredential } from './ob3api/issued';
import { oauthRoutes } from './ob3api/oauth-routes';
import { resourceRoutes, wellKnownRoutes } from './ob3api/resource-routes';
import { clrResourceRoutes } from './ob3api/clr-routes';
import { ob3IssueRoutes } from './ob3/issue/routes';
import { OB3_ISSUE_PREFIX } from './ob3/issue/urls';

/** A portal user sent to a protected page signs in at the portal (spec §6). */
const PORTAL_PAGES = { provider: (env: Env) => portalProviders(env)[0], sessionCookie: PORTAL_SESSION_COOKIE };

/** The Astro side of the Worker, given by src/fetch.ts; tests run the API without it. */
export interface Frontend {
  assets: MiddlewareHandler<AppEnv>;
  pages: MiddlewareHandler<AppEnv>;
}

const BASE = CONFIG.basePath;
const ACCOUNT_API = '/api/v1.0/account/Wallet';
const WALLET_API = '/api/v1.0/openbadge/v2';
const ISSUER_API = '/api/issuer/v1';
/** The portal's server-to-server calls (OpenID Connect back-channel logout). */
const PORTAL_API = '/api/v1.0/account/Portal';

/** Sign-in, registration, password reset and sign-out (spec §7 account calls): anonymous. */
const accountApi = new OpenAPIHono<AppEnv>()
  .route('/', loginRoutes)
  .route('/', secondStepRoutes)
  .route('/', passkeySignInRoutes)
  .route('/', publicAccountRoutes)
  .route('/', authRoutes(endPortalSession))
  .route('/', receptionRoutes);

/** The signed-in wallet: every route behind a session. */
const walletApi = new OpenAPIHono<AppEnv>()
  .route('/', accountRoutes)
  .route('/', walletRoutes)
  .route('/', acadDocCheckRoutes)
  .route('/', acadDocRoutes)
  .route('/', heldRecordRoutes)
  .route('/', downloadRoutes)
  .route('/', acadDownloadRoutes)
  .route('/', blockcertsDownloadRoutes)
  .route('/', walletPrefsRoutes)
  .route('/', emailRoutes)
  .route('/', settingsRoutes)
  .route('/', sessionRoutes)
  .route('/', twoStepRoutes)
  .route('/', passkeyRoutes)
  .route('/', profileRoutes)
  .route('/', profileImageUploadRoutes)
  .route('/', deletionRoutes)
  .route('/', mergeRoutes)
  .route('/', notificationRoutes)
  .route('/', hostRoutes)
  .route('/', importRoutes)
  .route('/', exportRoutes)
  .route('/', exportImportRoutes);

/** What anyone may call under the wallet prefix: spec §7's public calls, discovery, receive-by-link. */
const publicApi = new OpenAPIHono<AppEnv>()
  .route('/', publicWalletRoutes)
  .route('/', publicHostRoutes)
  .route('/', publicAcadDocRoutes)
  .route('/', publicHeldRecordRoutes)
  .route('/', receiveLinkRoutes)
  .route('/', discoveryRoutes)
  .route('/', verifyRoutes)
  .route('/', shareRoutes)
  .route('/', acadCardRoutes)
  .route('/', profileImageRoutes);

/** The issuer API: the operator's admin token creates issuers, an issuer's key does the rest. */
const issuerApi = new OpenAPIHono<AppEnv>()
  .route('/', issuerAdminRoutes)
  .route('/', anchoringAdminRoutes)
  .route('/', issuingRoutes)
  .route('/', certTemplateRoutes)
  .route('/', acadDocIssuingRoutes)
  .route('/', clrIssuerRoutes);

/** The hosted Open Badges documents and images, for any verifier anywhere. */
const hostedApi = new Hono<AppEnv>().route('/', hostedRoutes).route('/', hostImageRoutes).route('/', blockcertsRoutes);

// Each router declares its access rule and body cap next to its routes (src/server/middleware/router.ts);
// tests/integration/route-rules.test.ts holds every mounted route against a table.
const api = new OpenAPIHono<AppEnv>()
  .route('/', systemRoutes)
  .route(ACCOUNT_API, accountApi)
  .route(WALLET_API, walletApi)
  .route(WALLET_API, publicApi)
  .route(ISSUER_API, issuerApi)
  .route(OB_PREFIX, hostedApi)
  // Issue 21: OB 3.0 issuing documents (issuers' did:web documents, status lists, credentials).
  .route(OB3_ISSUE_PREFIX, ob3IssueRoutes)
  .route(PORTAL_API, backchannelRoutes)
  .route('/api/dev', devRoutes);

/** The API's routes with their types, for the islands' typed client (hono/client). */
export type AppType = typeof api;

/**
 * Builds the Worker's Hono app: cross-cutting middleware for every response, the API domains,
 * the OpenAPI document, and, when given, static assets and Astro pages under the base path.
 */
export function createServer(frontend?: Frontend) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  // Issue 23: one D1 session per request (read replicas, bookmarks), before anything reads D1.
  app.use('*', requestContext(), d1Session(), securityHeaders(), locale(), crossSiteGuard());
  // Spec §2/§9: during the operator's maintenance window, writes answer 503 before any route runs.
  app.use('*', maintenanceGate());
  // The Worker's own time (Server-Timing `total`) on the calls the benchmarks report.
  app.use('*', requestTiming());
  // Who is signed in is known to every route; whether a route needs it is the route's own rule.
  app.use('/api/*', loadSession());

  // Issue 23: share images of public badges, certificates and discovery pages from the edge cache.
  for (const images of CACHED_IMAGE_PATHS) app.use(images, edgeCache());
  app.route('/', api);
  mountApiDocs(app);
  // Portal sign-in (issue 20): the browser flow under the wallet's base, before the pages, and the
  // spec's token endpoint (§6/§7).
  app.route(`${BASE}/portal`, portalFlowRoutes);
  app.route('/ns/login', accessTokenRoutes);
  // Issue 21: the 1EdTech Open Badges 3.0 API as a host, at the specification's fixed paths; each
  // part has its own error format (RFC 6749 JSON, Imsx_StatusInfo) and its own guards.
  app.route(`${OB3_API.prefix}/oauth`, oauthRoutes);
  app.route(OB3_API.prefix, resourceRoutes(issuedCredential));
  // Issue 38: the CLR 2.0 API's resource calls, on the same OAuth server.
  app.route(CLR_API.prefix, clrResourceRoutes);
  app.route('/.well-known', wellKnownRoutes);

  // Spec §2: the wallet's "/" is the account check.
  app.get('/', (c) => c.redirect(`${BASE}/init`, 302));
  app.get(BASE, (c) => c.redirect(`${BASE}/init`, 302));
  app.get(`${BASE}/`, (c) => c.redirect(`${BASE}/init`, 302));

  if (frontend) {
    app.use(`${BASE}/*`, frontend.assets, loadSession(), guardPages(PORTAL_PAGES), formContext());
    // Forms that work before JavaScript arrives (issue 25) post to their own pages.
    mountPageForms(app);
    // Public pages report their render time (Server-Timing `render`) for the benchmark.
    for (const pages of ['/public/*', '/issuers/*', '/skill/*', '/search']) app.use(`${BASE}${pages}`, renderTiming());
    // Issue 23: anonymous visitors get public pages from the edge cache (inside the timing, after
    // the session and form state are known, which decide that a request is a person's).
    for (const pages of CACHED_PAGE_PATHS) app.use(pages, edgeCache());
    app.all(`${BASE}/*`, frontend.pages);
  }
  app.notFound(notFound);
  app.onError(onError);
  return app;
}

export type ServerApp = ReturnType<typeof createServer>;
