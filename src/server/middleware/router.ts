import { createRoute, OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { limitBody } from './body-limit';
import { validationHook } from '../http/validation';

/** Who may call a route; each name other than `anonymous` is an OpenAPI security scheme. */
export type Access = 'session' | 'anonymous' | 'issuerKey' | 'adminToken' | 'devToken';

/** A router's rules, declared where its routes are: who may call, the guard, the largest body. */
export interface RouterRules {
  access: Access;
  guard?: MiddlewareHandler<AppEnv>;
  maxBody: number;
}

/** The OpenAPI extension fields that publish a route's rules (read by the route-rules test). */
export interface RuleFields {
  'x-access': Access;
  'x-max-body': number;
}

/**
 * A router and its route builder. Every route defined through `route()` carries the router's body
 * cap and guard as its own middleware, so what protects it does not depend on where or in which
 * order routers are mounted; the rules are also written into the OpenAPI document.
 */
export function apiRouter(rules: RouterRules) {
  // The cap runs first: the session guard may read `access_token` from the body.
  const guard: MiddlewareHandler<AppEnv>[] = [limitBody(rules.maxBody), ...(rules.guard ? [rules.guard] : [])];
  const security = rules.access === 'anonymous' ? [] : [{ [rules.access]: [] }];
  const fields: RuleFields = { 'x-access': rules.access, 'x-max-body': rules.maxBody };
  // `P` keeps each path's literal type, so the typed client (hono/client) can name the route.
  const route = <P extends string, R extends RouteConfig & { path: P }>(config: R) =>
    createRoute({ ...config, ...fields, security, middleware: [...guard, ...asList(config.middleware)] });
  return { router: new OpenAPIHono<AppEnv>({ defaultHook: validationHook }), route };
}

function asList<T>(m: T | T[] | undefined): T[] {
  return m === undefined ? [] : Array.isArray(m) ? m : [m];
}
