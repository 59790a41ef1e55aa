import { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { publicAccountRoutes } from './accounts/public-routes';
import { accountRoutes } from './accounts/routes';
import { authRoutes } from './auth/routes';
import { loadSession } from './auth/session';
import { CONFIG } from './config';
import type { AppEnv } from './context';
import { notFound, onError } from './http/on-error';
import { issuingRoutes } from './issuing/routes';
import { hostedRoutes } from './openbadges/routes';
import { validationHook } from './http/validation';
import { limitBody } from './middleware/body-limit';
import { guardPages } from './middleware/page-guard';
import { renderTiming } from './middleware/render-timing';
import { serverTiming } from './middleware/server-timing';
import { walletRoutes } from './wallet/routes';
import { downloadRoutes } from './downloads/routes';
import { shareRoutes } from './share/routes';
import { walletPrefsRoutes } from './wallet/prefs-routes';
import { hostRoutes } from './wallet/host-routes';
import { VERIFY_PATH, verifyRoutes } from './verify/routes';
import { ADD_BADGE_PATH, importRoutes } from './import/routes';
import { emailRoutes } from './settings/emails-routes';
import { settingsRoutes } from './settings/prefs-routes';
import { deletionRoutes } from './settings/deletion-routes';
import { mergeRoutes } from './settings/merge-routes';
import { notificationRoutes } from './notifications/routes';
import { discoveryRoutes } from './discovery/routes';
import { PROFILE_IMAGE_PATH, profileRoutes } from './settings/profile-routes';
import { publicWalletRoutes } from './wallet/public-routes';
import { receiveLinkRoutes } from './wallet/receive-routes';
import { crossSiteGuard } from './middleware/cross-site';
import { locale } from './middleware/locale';
import { requestContext } from './middleware/request-context';
import { securityHeaders } from './middleware/security-headers';
import { mountApiDocs } from './system/openapi';
import { systemRoutes } from './system/routes';

/** The Astro side of the Worker, given by src/fetch.ts; tests run the API without it. */
export interface Frontend {
  assets: MiddlewareHandler<AppEnv>;
  pages: MiddlewareHandler<AppEnv>;
}

const BASE = CONFIG.basePath;

/**
 * Builds the Worker's Hono app: cross-cutting middleware for every response, the API domains,
 * the OpenAPI document, and, when given, static assets and Astro pages under the base path.
 */
export function createServer(frontend?: Frontend) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('*', requestContext(), securityHeaders(), locale(), crossSiteGuard());
  // The notification calls are the hot path of every page: their Worker-side time is reported.
  app.use('/api/v1.0/openbadge/v2/Wallet/Notification/*', serverTiming());
  // So are the discovery calls, which the search page makes as people type.
  app.use('/api/v1.0/openbadge/v2/Wallet/Search/*', serverTiming());
  // The issuer API declares its own larger cap for images; everything else is small JSON.
  app.use('/api/*', async (c, next) =>
    c.req.path.startsWith('/api/issuer/')
      ? next()
      : limitBody(
          c.req.path.endsWith(VERIFY_PATH) || c.req.path.endsWith(ADD_BADGE_PATH) || c.req.path === PROFILE_IMAGE_PATH
            ? CONFIG.verifyBodyMaxBytes
            : CONFIG.jsonBodyMaxBytes,
        )(c, next),
  );
  app.use('/api/*', loadSession());
  app.use('/ns/login/*', limitBody(CONFIG.jsonBodyMaxBytes), loadSession());

  app.route('/', systemRoutes);
  app.route('/', authRoutes);
  app.route('/', accountRoutes);
  app.route('/', walletRoutes);
  app.route('/', publicWalletRoutes);
  app.route('/', receiveLinkRoutes);
  app.route('/', downloadRoutes);
  app.route('/', shareRoutes);
  app.route('/', walletPrefsRoutes);
  app.route('/', emailRoutes);
  app.route('/', settingsRoutes);
  app.route('/', profileRoutes);
  app.route('/', deletionRoutes);
  app.route('/', mergeRoutes);
  app.route('/', notificationRoutes);
  app.route('/', discoveryRoutes);
  app.route('/', hostRoutes);
  app.route('/', verifyRoutes);
  app.route('/', importRoutes);
  app.route('/', publicAccountRoutes);
  app.route('/', issuingRoutes);
  app.route('/', hostedRoutes);
  mountApiDocs(app);

  // Spec §2: the wallet's "/" is the account check.
  app.get('/', (c) => c.redirect(`${BASE}/init`, 302));
  app.get(BASE, (c) => c.redirect(`${BASE}/init`, 302));
  app.get(`${BASE}/`, (c) => c.redirect(`${BASE}/init`, 302));

  if (frontend) {
    app.use(`${BASE}/*`, frontend.assets, loadSession(), guardPages());
    // Public pages report their render time (Server-Timing `render`) for the benchmark.
    for (const pages of ['/public/*', '/issuers/*', '/skill/*', '/search']) app.use(`${BASE}${pages}`, renderTiming());
    app.all(`${BASE}/*`, frontend.pages);
  }
  app.notFound(notFound);
  app.onError(onError);
  return app;
}

export type ServerApp = ReturnType<typeof createServer>;
