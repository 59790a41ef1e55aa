import { cf } from '@astrojs/cloudflare/hono';
import { getFetchState, pages } from 'astro/hono';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './server/context';
import { createServer } from './server/app';

const renderPage = pages();

/** Hands the request's language, translator, user and form state to Astro pages as `Astro.locals`. */
const astroPages: MiddlewareHandler<AppEnv> = (c, next) => {
  const ours: Omit<App.Locals, 'cfContext'> = {
    lang: c.var.lang,
    t: c.var.t,
    user: c.var.user,
    requestId: c.var.requestId,
    form: c.var.form,
    formToken: c.var.formToken,
    env: c.env,
  };
  Object.assign(getFetchState(c).locals, ours);
  return renderPage(c, next);
};

/** Composition root: middleware and API first, then static assets, then Astro pages. */
export default createServer({ assets: cf() as unknown as MiddlewareHandler<AppEnv>, pages: astroPages });
