import { CONFIG } from '../config';
import { AppError } from '../errors';
import { OB_PREFIX } from '../openbadges/urls';
import { discoveryRepo } from './pages-repo';
import type { BadgeHit, Direction } from './search-repo';
import { countOf, present } from './service';

async function badgePage(d1: D1Database, q: { page: D1PreparedStatement; count: D1PreparedStatement }) {
  const [rows, count] = await d1.batch([q.page, q.count]);
  return { badges: ((rows?.results ?? []) as BadgeHit[]).map(present.badges), total_count: countOf(count) };
}
const offset = (page: number) => (page - 1) * CONFIG.pageSizes.badges;

/*
 * The discovery pages' data. The find* forms answer null for "not found", which the pages render
 * themselves; the API's forms throw the error code instead.
 */

/** The issuer page (spec §2 /issuers/{id}): profile, certified mark, website, its discoverable badges. */
export async function findIssuerPage(d1: D1Database, issuerId: string, page: number, dir: Direction) {
  const repo = discoveryRepo(d1);
  const [issuer, list] = await Promise.all([
    repo.issuer(issuerId),
    badgePage(d1, repo.issuerBadges(issuerId, dir, CONFIG.pageSizes.badges, offset(page))),
  ]);
  if (!issuer) return null;
  return {
    issuer: {
      issuer_id: issuer.id,
      name: issuer.name,
      website: issuer.url,
      description: issuer.description ?? '',
      image: issuer.imageKey ? `${OB_PREFIX}/Issuer/${issuer.id}/image` : null,
      is_certified: issuer.isCertified,
    },
    ...list,
  };
}

/** The issuer page for the API, or E404102. */
export async function issuerPage(d1: D1Database, issuerId: string, page: number, dir: Direction) {
  const found = await findIssuerPage(d1, issuerId, page, dir);
  if (!found) throw new AppError('E404102');
  return found;
}

/** The badge class page (spec §2 /issuers/{i}/badges/{b}): criteria, skills, issuer, public holders; null if none. */
export async function findBadgeClassPage(d1: D1Database, issuerId: string, badgeId: string) {
  const repo = discoveryRepo(d1);
  const [row, skills] = await Promise.all([repo.badgeClass(issuerId, badgeId), repo.classSkills(badgeId)]);
  if (!row) return null;
  return {
    badge_id: row.id,
    issuer_id: row.issuerId,
    name: row.name,
    description: row.description,
    image: row.imageKey ? `${OB_PREFIX}/BadgeClass/${row.id}/image` : null,
    criteria_url: row.criteriaUrl,
    criteria_narrative: row.criteriaNarrative,
    public_holders: row.publicCount,
    issuer_name: row.issuerName,
    issuer_certified: row.issuerCertified,
    issuer_image: row.issuerImageKey ? `${OB_PREFIX}/Issuer/${row.issuerId}/image` : null,
    skills: skills.map((t) => ({ tag_id: t.id, tag_name: t.name })),
  };
}

/** The skill page (spec §2 /skill/{tagid}): the discoverable badges carrying the skill, by name. */
export async function findSkillPage(d1: D1Database, tagId: string, page: number, dir: Direction) {
  const repo = discoveryRepo(d1);
  const [tag, list] = await Promise.all([
    repo.tag(tagId),
    badgePage(d1, repo.skillBadges(tagId, dir, CONFIG.pageSizes.badges, offset(page))),
  ]);
  if (!tag) return null;
  return { tag: { tag_id: tag.id, tag_name: tag.name }, ...list };
}

/** The skill page for the API, or E404107. */
export async function skillPage(d1: D1Database, tagId: string, page: number, dir: Direction) {
  const found = await findSkillPage(d1, tagId, page, dir);
  if (!found) throw new AppError('E404107');
  return found;
}
