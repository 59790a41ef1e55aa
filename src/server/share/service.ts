import { DEFAULT_LANGUAGE, toLanguage } from '../../i18n/languages';
import { fullName } from '../../lib/names';
import { sha256Hex } from '../auth/tokens';
import { AppError } from '../errors';
import { commitWithJobs } from '../outbox/commit';
import { ByteMemo } from '../openbadges/memo';
import { renderShareImage, type ShareCard } from './render';
import { shareRepo } from './repo';
import { badgePng, pngDataUrl } from './badge-png';

/** Rendered share images of this isolate; visibility is checked in D1 before any is served. */
const memo = new ByteMemo(8 * 1024 * 1024);

/** Part of every stored image's key: bump it when the layout changes, so old renders are replaced. */
const LAYOUT_VERSION = 8;

/** A person's name in their own language's order (`fullName`, as on every page). */
export const displayName = (first: string, last: string, lang: string) =>
  fullName(first, last, toLanguage(lang) ?? DEFAULT_LANGUAGE);

/**
 * The 1200x630 share image of a public badge. Stored in R2 under a key derived from everything the
 * image shows, so any change (badge, issuer, recipient name, image) renders a new one; the old
 * versions are deleted then. A private or deleted badge answers 404 before any cache is read.
 */
export async function shareImage(env: Env, id: string, waitUntil: (p: Promise<unknown>) => void) {
  const b = await shareRepo(env.DB).publicCard(id);
  if (!b) throw new AppError('E404104');
  const recipient = displayName(b.firstName, b.lastName, b.language);
  const lang = b.language;
  return cachedCard(env, id, [b.name, b.issuerName, recipient, b.imageKey, lang], waitUntil, async () => {
    const png = await badgePng(env, b.imageKey, b.imageType, waitUntil);
    return { badge: b.name, issuer: b.issuerName, recipient, image: png ? pngDataUrl(png) : null, lang };
  });
}

/**
 * A card from the isolate's memo or R2 when one with exactly these contents exists; otherwise
 * rendered, answered, and stored (replacing the slot's older versions) after the response.
 */
export async function cachedCard(
  env: Env,
  slot: string,
  contents: unknown[],
  waitUntil: (p: Promise<unknown>) => void,
  make: () => Promise<ShareCard>,
) {
  const started = performance.now();
  const version = (await sha256Hex(JSON.stringify([LAYOUT_VERSION, ...contents]))).slice(0, 32);
  const key = `share/${slot}/${version}.png`;
  const hit = memo.get(key) ?? (await fromR2(env, key));
  if (hit) return { etag: version, bytes: hit, timings: { stored: performance.now() - started } };
  const made = performance.now();
  const card = await make();
  // `image`: the badge artwork rasterised (or read from R2) before the card is laid out.
  const timings: Record<string, number> = { image: performance.now() - made };
  const bytes = new Uint8Array(await renderShareImage(env, card, timings));
  memo.set(key, bytes);
  waitUntil(store(env, slot, key, bytes));
  return { etag: version, bytes, timings };
}

async function fromR2(env: Env, key: string) {
  const obj = await env.BUCKET.get(key);
  if (!obj) return undefined;
  const bytes = new Uint8Array(await obj.arrayBuffer());
  memo.set(key, bytes);
  return bytes;
}

/**
 * Stores the new version; the versions it replaces are removed by an outbox job that names them by
 * key, so a version stored after this listing is never among them however late the job runs.
 */
async function store(env: Env, id: string, key: string, bytes: Uint8Array<ArrayBuffer>) {
  await env.BUCKET.put(key, bytes, { httpMetadata: { contentType: 'image/png' } });
  const old = await env.BUCKET.list({ prefix: `share/${id}/` });
  const stale = old.objects.map((o) => o.key).filter((k) => k !== key);
  if (stale.length) await commitWithJobs(env, [], [{ kind: 'delete_objects', payload: { keys: stale } }]);
}
