import { env, exports } from 'cloudflare:workers';
import { DEV_ADMIN_TOKEN } from '../../src/server/middleware/issuer-auth';
import { chunk, png } from '../support/png';
import { BASE, unique } from './helpers';

export const b64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
export const PNG = png(64, 64, chunk('IDAT', new Uint8Array(32)));
export const SVG = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#0b5cad"/></svg>',
);

/** Calls the issuer API the way a script would: JSON, a bearer token, no browser headers. */
export async function issuerCall(path: string, token: string, body?: unknown, method = 'POST') {
  const res = await exports.default.fetch(`${BASE}/api/issuer/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { res, json: (await res.json()) as Record<string, unknown> & { status: number } };
}

export async function newIssuer(name = 'Test University') {
  const { json } = await issuerCall('/issuers', DEV_ADMIN_TOKEN, {
    name,
    url: 'https://university.example',
    email: 'badges@university.example',
  });
  return { issuerId: json.issuer_id as string, apiKey: json.api_key as string };
}

export async function newBadgeClass(apiKey: string, over: Record<string, unknown> = {}) {
  const { json } = await issuerCall('/badge-classes', apiKey, {
    name: `Badge ${unique('b')}`,
    description: 'Did the thing.',
    image: b64(PNG),
    criteria_narrative: 'Do the thing.',
    tags: ['Python', 'データ分析', 'python'],
    ...over,
  });
  return json.badge_class_id as string;
}

export async function awardTo(
  apiKey: string,
  badgeClassId: string,
  recipients: string[],
  over: Record<string, unknown> = {},
) {
  const { res, json } = await issuerCall('/awards', apiKey, { badge_class_id: badgeClassId, recipients, ...over });
  return { res, json, ids: ((json.assertions ?? []) as { assertion_id: string }[]).map((a) => a.assertion_id) };
}

export const getHosted = (path: string, accept = 'application/ld+json') =>
  exports.default.fetch(`${BASE}/api/v1.0/openBadge/v2${path}`, { headers: { Accept: accept }, redirect: 'manual' });

export async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 150));
  }
}

export { env };
