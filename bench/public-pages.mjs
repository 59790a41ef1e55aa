// Public page targets (issue 23, Deliver 3): each public page and share image measured twice, as
// the edge cache serves it (hit) and as a render forced past it (miss: the development-only request
// header `x-lanyard-cache: miss`). Every answer's `x-lanyard-cache` value is counted, so a target
// that should hit but renders (or a page the cache does not know) shows in the output.
import { issuerApi as api } from '../scripts/lib/issuer-api.mjs';
import { devSql } from '../scripts/lib/dev-sql.mjs';
import { makePng } from './png.mjs';

export const CACHE_HEADER = 'x-lanyard-cache';
const BASE = '/ns/portal/openbadge';
const CARDS = '/api/v1.0/openbadge/v2/Wallet/Public/ShareImage';

/**
 * The issuer, badge class and skill behind the wallet fixture's badge: a second class of the same
 * issuer carries a skill, so the skill page has a tag to show.
 */
export async function discoveryFixture(base, fixture) {
  const [{ issuer_id: issuerId }] = await devSql(base, `SELECT issuer_id FROM badge_classes WHERE id = ?`, [
    fixture.bc,
  ]);
  const { badge_class_id: skillClass } = await api(base, '/badge-classes', fixture.key, {
    name: 'Bench skills',
    description: 'A class that carries a skill.',
    criteria_narrative: 'Run it.',
    image: makePng(4 * 1024).toString('base64'),
    tags: [`bench-skill-${Date.now().toString(36)}`],
  });
  const [{ tag_id: tagId }] = await devSql(base, `SELECT tag_id FROM badge_class_tags WHERE badge_class_id = ?`, [
    skillClass,
  ]);
  return { issuerId, classId: fixture.bc, tagId };
}

/** The public pages with their paths; `acadId` (a public certificate) and `recordId` (a held learner record) are optional. */
export function publicPages({ publicId, accountId, acadId, recordId, issuerId, classId, tagId }) {
  return [
    ['public badge page', `${BASE}/public/assertions/detail/${publicId}`],
    ...(acadId ? [['public certificate page', `${BASE}/public/acaddocs/detail/${acadId}`]] : []),
    ...(recordId ? [['public learner record page (40 courses)', `${BASE}/public/acaddocs/records/${recordId}`]] : []),
    ['public wallet page', `${BASE}/public/assertions/user/${accountId}`],
    ['issuer page', `${BASE}/issuers/${issuerId}`],
    ['badge class page', `${BASE}/issuers/${issuerId}/badges/${classId}`],
    ['skill page', `${BASE}/skill/${tagId}`],
    ['share image (stored)', `${CARDS}/${publicId}.png`],
  ];
}

/** Each page as two bench targets: `<page>, cache hit` and `<page>, cache miss`. */
export function cacheTargets(pages) {
  return pages.flatMap(([page, path]) => [
    { name: `${page}, cache hit`, path, cache: 'hit' },
    { name: `${page}, cache miss`, path, cache: 'miss', request: { headers: { [CACHE_HEADER]: 'miss' } } },
  ]);
}

/** Counts of the `x-lanyard-cache` values answered, as `hit 1200, miss 3`; `none` when absent. */
export function cacheSeen(counts) {
  const parts = Object.entries(counts).map(([value, n]) => `${value} ${n}`);
  return parts.length ? parts.join(', ') : '';
}
