import type { ClientRequestOptions, ClientResponse } from 'hono/client';
import type { ErrorBody, ErrorItem } from '../../server/http/envelope';
import { path } from '../../lib/paths';
import { showError } from '../stores/dialogs';
import { isPortalUser, renewPortalToken } from './portal-token';

/** One error of a failed call (spec §8), as the server's one error boundary sends it. */
export type ApiErrorItem = ErrorItem;

/** The outcome of a wallet call: the body's `status` decides, as spec §7 says. */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; errors: ApiErrorItem[] };

export interface ApiLabels {
  /** "Notification": the error dialog's default title. */
  notification: string;
  /** "An error has occurred.": when a failure carries no message. */
  fallback: string;
  /** "Unknown error": an item with neither a translation nor a message. */
  unknown: string;
}

/** A route of the typed client (src/islands/lib/client.ts) that takes a JSON body by POST. */
export interface PostRoute<B, A> {
  $post: (args: { json: B }, options?: ClientRequestOptions) => Promise<ClientResponse<A>>;
}

/** What a route answers on success, as the server's route declares it, without the envelope's `status`. */
export type Answer<R> = R extends PostRoute<never, infer A> ? Omit<A, 'status'> : never;

/**
 * Calls a route of the typed client, e.g. `call(wallet.FindList, { page: 2 })`: the body and the
 * answer are typed from the server's route. The body's `status` decides (spec §7); a network
 * failure is status 0; an abort through `signal` rethrows, as `fetch` does. A portal (type 1)
 * user whose session has ended gets a new token from the portal session and the call is sent once
 * more (spec §6); if that is not possible the browser is already going to the portal login.
 */
export async function call<B, A>(
  route: PostRoute<B, A>,
  body: NoInfer<B>,
  signal?: AbortSignal,
): Promise<ApiResult<A>> {
  const first = await send(route, body, signal);
  if (first.ok || !sessionEnded(first) || !isPortalUser()) return first;
  if ((await renewPortalToken()) === 'leaving') return first;
  return send(route, body, signal);
}

/** A 401 that means "no session" (E401100), not a wrong password or a refused re-authentication. */
function sessionEnded(r: Extract<ApiResult<unknown>, { ok: false }>): boolean {
  const code = r.errors[0]?.code;
  return r.status === 401 && (code === undefined || code === 'E401100');
}

async function send<B, A>(route: PostRoute<B, A>, body: B, signal?: AbortSignal): Promise<ApiResult<A>> {
  let res: ClientResponse<A>;
  try {
    res = await route.$post({ json: body }, signal ? { init: { signal } } : undefined);
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    return { ok: false, status: 0, errors: [] };
  }
  // Only the success answer is typed by the route; a failure is the spec's error envelope.
  const json = (await res.json().catch(() => null)) as (A & Partial<ErrorBody>) | null;
  const status = typeof json?.status === 'number' ? json.status : res.status;
  if (status === 200 && json) return { ok: true, data: json };
  return { ok: false, status, errors: json?.errors ?? [] };
}

/** Where the current page should go back to after login: its full path (spec §2). */
function loginUrl(): string {
  const here = `${window.location.pathname}${window.location.search}`;
  return `${path('/login')}?redirect=${encodeURIComponent(here)}`;
}

/**
 * Spec §8's response handling for a failed call: 401 (or 400 E400100 / E401100 with no token) goes
 * to login, 403 to the unauthorized page, 404 to the not-found page, anything else opens the
 * error dialog with the joined messages.
 */
export function handleFailure(result: Extract<ApiResult<unknown>, { ok: false }>, labels: ApiLabels): void {
  const first = result.errors[0]?.code;
  if (result.status === 401 || first === 'E401100') {
    // A portal user goes to the portal login instead (spec §6); call() has already sent them there.
    if (isPortalUser()) void renewPortalToken();
    else window.location.assign(loginUrl());
    return;
  }
  if (result.status === 403) {
    window.location.assign(path('/unauthorized'));
    return;
  }
  if (result.status === 404) {
    window.location.assign(path('/not-found'));
    return;
  }
  const messages = result.errors.map((e) => e.message || labels.unknown);
  showError({
    title: labels.notification,
    messages: messages.length > 0 ? messages : [labels.fallback],
    ...(window.location.pathname.includes('detail') ? { closeTo: path('/') } : {}),
  });
}
