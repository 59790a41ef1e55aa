import { CONFIG_LIMITS } from '../../lib/limits';
import { sniffImage } from '../openbadges/baking';
import { hostedService } from '../hosted/service';
import { OB_PREFIX } from '../openbadges/urls';
import { type FetchBudget, guardedFetch, OutboundFailed } from '../outbound/fetch';
import { outboundPolicy } from '../outbound/policy';
import { OutboundRefused } from '../outbound/url-policy';

export interface ClassImage {
  bytes: Uint8Array;
  type: 'png' | 'svg';
}

function fromDataUri(uri: string): Uint8Array | null {
  const m = /^data:image\/(?:png|svg\+xml)(;base64)?,(.*)$/is.exec(uri);
  if (!m) return null;
  try {
    return m[1]
      ? Uint8Array.from(atob(m[2] ?? ''), (c) => c.charCodeAt(0))
      : new TextEncoder().encode(decodeURIComponent(m[2] ?? ''));
  } catch {
    return null;
  }
}

/**
 * The image an imported badge is shown with (JWS-07): the BadgeClass's own image (a data URI, a
 * stored copy when the class was issued here, or fetched under the outbound rules), never the
 * pixels of the uploaded file, which the signature does not cover. Null when there is none: the
 * default badge image is shown.
 */
export async function badgeClassImage(
  env: Env,
  badge: Record<string, unknown>,
  budget: FetchBudget,
): Promise<ClassImage | null> {
  const ref = badge['image'];
  const url =
    typeof ref === 'string'
      ? ref
      : typeof (ref as { id?: unknown })?.id === 'string'
        ? (ref as { id: string }).id
        : null;
  if (!url) return null;
  const bytes = url.startsWith('data:') ? fromDataUri(url) : await fetchImage(env, url, budget);
  if (!bytes || bytes.byteLength > CONFIG_LIMITS.badgeImageMaxBytes) return null;
  const type = sniffImage(bytes);
  return type ? { bytes, type } : null;
}

/** Within the import's own fetch budget (SSRF-15: at most 10 fetches for the whole import). */
async function fetchImage(env: Env, raw: string, budget: FetchBudget): Promise<Uint8Array | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  // A class issued here: its stored copy (the outbound guard refuses our own host).
  if (url.origin === new URL(env.PUBLIC_BASE_URL).origin) {
    const m = new RegExp(`^${OB_PREFIX}/BadgeClass/([^/]+)/image$`).exec(url.pathname);
    const obj = m?.[1] ? await hostedService(env).image('badgeClass', m[1]) : null;
    return obj ? new Uint8Array(await obj.arrayBuffer()) : null;
  }
  try {
    const res = await guardedFetch(outboundPolicy(env), url.href, {
      budget,
      maxBytes: CONFIG_LIMITS.badgeImageMaxBytes,
      accept: 'image/png, image/svg+xml',
    });
    return res.status === 200 ? res.body : null;
  } catch (err) {
    if (err instanceof OutboundRefused || err instanceof OutboundFailed) return null;
    throw err;
  }
}
