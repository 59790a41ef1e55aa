import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { z } from 'zod';
import { BASE_PATH } from '../../lib/paths';
import { cookieBase } from '../auth/cookies';
import { CONFIG } from '../config';
import type { AppEnv } from '../context';
import { AppError } from '../errors';
import { errorBody, type ErrorItem } from '../http/envelope';
import { fieldErrors } from '../http/validation';
import { dropFlash, readFlash } from './form-flash';
import { TOKEN_FIELD } from '../../lib/form-token';
import type { FormName, FormState } from '../form-state';
import { formToken, newFormKey, TOKEN_COOKIE, tokenMatches, validKey } from './form-token';

/**
 * A posted form's fields: `field(name)` is the text sent under that name, or '' when none was;
 * `field.file(name)` a file sent under it (already read with the form: no second copy), or null.
 */
export type Field = ((name: string) => string) & { file?: (name: string) => File | null };

/** What a form handler answers: a redirect (303), or the step the page shows next. */
export type FormAnswer = Response | { step: string; values?: Record<string, string> };

export type FormHandler = (c: Context<AppEnv>, field: Field) => Promise<FormAnswer>;

/**
 * For every wallet page: the maker of the page's form token (the visitor's key cookie is set only
 * when a page with a form asks for one, so other pages stay cacheable) and the form state left by a
 * post's redirect.
 */
export function formContext(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = validKey(getCookie(c, TOKEN_COOKIE));
    // A signed-in page is never kept by a shared cache, and Astro streams it: a form deep in the page
    // asks for its token after the answer's headers have gone, too late to set the cookie. So a
    // signed-in visitor's key is made before the page renders (issue 35: the badge page's downloads).
    let minted: string | null = !key && c.var.user ? newFormKey() : null;
    c.set('formToken', () => formToken(c.env, key ?? (minted ??= newFormKey())));
    const flash = c.req.method === 'GET' ? await readFlash(c) : { state: null, spent: false };
    c.set('form', flash.state);
    await next();
    if (flash.spent) dropFlash(c);
    if (minted) {
      const maxAge = CONFIG.cookies.sessionSeconds;
      setCookie(c, TOKEN_COOKIE, minted, { ...cookieBase(c.env), sameSite: 'Strict', path: BASE_PATH, maxAge });
    }
  };
}

/** Parses form fields with an API body schema: the same field errors (E400100) as the JSON call. */
export function parseFields<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw new AppError('E400100', {}, fieldErrors(result.error));
  return result.data;
}

/** The translated messages of an error answer by field, as the islands group them; `_form` for the rest. */
function byField(items: ErrorItem[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const item of items) {
    const list = (out[item.field ?? '_form'] ??= []);
    if (!list.includes(item.message)) list.push(item.message);
  }
  return out;
}

async function readFields(c: Context<AppEnv>): Promise<Field> {
  const type = c.req.header('content-type') ?? '';
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) throw new AppError('E415100');
  // A copy is read: the page that may render the answer gets the request untouched.
  const data = await c.req.raw
    .clone()
    .formData()
    .catch(() => {
      throw new AppError('E400100');
    });
  const field: Field = (name) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  field.file = (name) => {
    const value = data.get(name);
    return value instanceof File ? value : null;
  };
  return field;
}

/**
 * A page's form post (issue 25). Refused (E403103, the page shown again with a fresh token) unless
 * the hidden token matches the visitor's key cookie; the cross-site guard has already refused other
 * sites by Sec-Fetch-Site and Origin. The handler answers a redirect, or the step to show; a failure
 * shows the same step again with the translated errors and the fields listed in `keep` (never a
 * password), with the error's HTTP status.
 */
export function pageForm(form: FormName, keep: readonly string[], handle: FormHandler): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let field: Field = () => '';
    let state: FormState;
    try {
      field = await readFields(c);
      if (!(await tokenMatches(c.env, getCookie(c, TOKEN_COOKIE), field(TOKEN_FIELD)))) throw new AppError('E403103');
      const answer = await handle(c, field);
      if (answer instanceof Response) return answer;
      state = { form, step: answer.step, values: answer.values ?? {}, errors: {}, code: null, status: 200 };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const values = Object.fromEntries(keep.map((name) => [name, field(name)]));
      const errors = byField(errorBody(err, c.var.t).errors);
      state = { form, step: field('step'), values, errors, code: err.code, status: err.status };
    }
    c.set('form', state);
    await next();
    // The page answers 200; the answer carries the failure's status (a redirect it chose stays one).
    if (c.res.status === 200 && state.status !== 200) {
      const res = new Response(c.res.body, { status: state.status, headers: c.res.headers });
      c.res = undefined;
      c.res = res;
    }
    return undefined;
  };
}
