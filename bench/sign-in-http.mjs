// What the sign-in benches (two-step.mjs, passkeys.mjs) share: a timed JSON POST as the wallet's own
// pages send it, the Worker's own time from Server-Timing `total`, cookies, and the quantile/rounding
// the figures are printed with.

export const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
export const round = (x) => Math.round(x * 10) / 10;

/** The `name=value` part of the response's Set-Cookie for `name`, or ''. */
export const cookie = (res, name) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0] ?? '';

/**
 * A same-origin JSON POST with the cookie jar `jar`; `ip` gives each round its own client address
 * (cf-connecting-ip), so a per-address throttle is not what is measured. Answers the response, its
 * JSON, the client's milliseconds and the Worker's own (Server-Timing total;dur; the client's clock
 * also holds wrangler's proxying).
 */
export async function post(base, path, body, jar = '', ip = '') {
  const t = performance.now();
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'sec-fetch-site': 'same-origin',
      ...(jar ? { cookie: jar } : {}),
      ...(ip ? { 'cf-connecting-ip': ip } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  const server = Number(/total;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN);
  return { res, json, ms: performance.now() - t, server };
}
