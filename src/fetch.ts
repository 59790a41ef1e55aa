import { cf } from '@astrojs/cloudflare/hono';
import { getFetchState, pages } from 'astro/hono';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './server/context';
import { createServer } from './server/app';
import { cacheTarget } from './server/edge-cache/targets';
import { withThaiLines } from './server/http/thai-lines';
import { withPageFonts } from './server/web-fonts/page-fonts';

const renderPage = pages();

/** Hands the request's language, translator, user and form state to Astro pages as `Astro.locals`. */
const astroPages: MiddlewareHandler<AppEnv> = async (c, next) => {
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
  const rendered = await renderPage(c, next);
  // Thai words kept whole on a line (issue 35, item 6).
  const res = rendered && withThaiLines(rendered, c.var.lang);
  // Public pages declare just the CJK font faces of their own text (issue 23, Lighthouse).
  return res && cacheTarget(new URL(c.req.url).pathname) ? withPageFonts(res, c.env, c.var.lang) : res;
};

/** Composition root: middleware and API first, then static assets, then Astro pages. */
export default createServer({ assets: cf() as unknown as MiddlewareHandler<AppEnv>, pages: astroPages });
