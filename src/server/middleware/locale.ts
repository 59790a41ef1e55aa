import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { detectLanguage } from '../../i18n/detect';
import { LANGUAGE_COOKIE, cookieBase } from '../auth/cookies';
import { CONFIG } from '../config';
import type { AppEnv } from '../context';
import { translator } from '../http/translator';

/** Resolves the request's language (spec §1) and remembers an explicit choice for 7 days. */
export function locale(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { lang, fromQuery } = detectLanguage({
      query: c.req.query('language'),
      cookie: getCookie(c, LANGUAGE_COOKIE),
      acceptLanguage: c.req.header('accept-language'),
    });
    c.set('lang', lang);
    c.set('t', await translator(c.env, lang));
    await next();
    if (fromQuery) {
      setCookie(c, LANGUAGE_COOKIE, lang, {
        ...cookieBase(c.env),
        httpOnly: false,
        maxAge: CONFIG.cookies.languageSeconds,
      });
    }
  };
}
