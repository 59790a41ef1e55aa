import { accountRepo } from '../accounts/account-repo';
import { sha256Hex } from '../auth/tokens';
import { issuingRepo } from '../issuing/repo';
import { ByteMemo } from '../openbadges/memo';
import { publicBadge } from '../wallet/service';
import { renderShareImage, type ShareCard } from './render';

/** Rendered share images of this isolate; visibility is checked in D1 before any is served. */
const memo = new ByteMemo(8 * 1024 * 1024);

/** Part of every stored image's key: bump it when the layout changes, so old renders are replaced. */
const LAYOUT_VERSION = 2;

const FAMILY_FIRST = new Set(['ja', 'zh-cn', 'zh-tw', 'ko']);

/** The recipient's name as it is written in their language (family name first in CJK). */
export const displayName = (first: string, last: string, lang: string) =>
  FAMILY_FIRST.has(lang) ? `${last} ${first}` : `${first} ${last}`;

const base64 = (bytes: Uint8Array) => {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
};

/**
 * The 1200x630 share image of a public badge. Stored in R2 under a key derived from everything the
 * image shows, so any change (badge, issuer, recipient name, image) renders a new one; the old
 * versions are deleted then. A private or deleted badge answers 404 before any cache is read.
 */
export async function shareImage(env: Env, id: string, waitUntil: (p: Promise<unknown>) => void) {
  const b = await publicBadge(env.DB, id);
  const [account, bc] = await Promise.all([
    accountRepo(env.DB).profile(b.account_id ?? ''),
    issuingRepo(env.DB).badgeClass(b.badge_class_id),
  ]);
  const lang = account?.language ?? 'en';
  const recipient = account ? displayName(account.firstName, account.lastName, lang) : '';
  const version = await sha256Hex(
    JSON.stringify([LAYOUT_VERSION, b.name, b.issuer_name, recipient, bc?.imageKey ?? null, lang]),
  );
  const key = `share/${id}/${version.slice(0, 32)}.png`;
  const hit = memo.get(key) ?? (await fromR2(env, key));
  if (hit) return { etag: version.slice(0, 32), bytes: hit };

  const card: ShareCard = { badge: b.name, issuer: b.issuer_name, recipient, image: null, lang };
  const source = bc?.imageKey ? await env.BUCKET.get(bc.imageKey) : null;
  if (source && bc?.imageType) {
    const mime = bc.imageType === 'png' ? 'image/png' : 'image/svg+xml';
    card.image = `data:${mime};base64,${base64(new Uint8Array(await source.arrayBuffer()))}`;
  }
  const bytes = new Uint8Array(await renderShareImage(env, card));
  memo.set(key, bytes);
  waitUntil(store(env, id, key, bytes));
  return { etag: version.slice(0, 32), bytes };
}

async function fromR2(env: Env, key: string) {
  const obj = await env.BUCKET.get(key);
  if (!obj) return undefined;
  const bytes = new Uint8Array(await obj.arrayBuffer());
  memo.set(key, bytes);
  return bytes;
}

/** Stores the new version and removes the versions it replaces. */
async function store(env: Env, id: string, key: string, bytes: Uint8Array<ArrayBuffer>) {
  await env.BUCKET.put(key, bytes, { httpMetadata: { contentType: 'image/png' } });
  const old = await env.BUCKET.list({ prefix: `share/${id}/` });
  const stale = old.objects.map((o) => o.key).filter((k) => k !== key);
  if (stale.length) await env.BUCKET.delete(stale);
}
