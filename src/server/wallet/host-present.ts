import { safeUrl } from '../../lib/safe-url';
import type { DetailItem } from './present';
import { badgeImageUrl } from './present';
import type { HostRow } from './host-repo';
import { ob3Details } from './ob3-present';

const parse = (json: string): Record<string, unknown> => {
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};
const parseList = (json: string | null): unknown[] => {
  try {
    const v = json ? (JSON.parse(json) as unknown) : [];
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
};
const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** Criteria of an imported BadgeClass: a URL, an object with id/narrative, or nothing. */
function criteria(badge: Record<string, unknown>) {
  const c = badge['criteria'];
  if (typeof c === 'string') return { url: safeUrl(c), narrative: null };
  const o = c && typeof c === 'object' ? (c as Record<string, unknown>) : {};
  return { url: safeUrl(str(o['id'])) ?? safeUrl(str(o['url'])), narrative: str(o['narrative']) };
}

type Evidence = DetailItem['evidence'][number];

/** One evidence item with only the fields the page shows; its link only when http(s) (XSS-02). */
function evidenceItem(e: unknown): Evidence[] {
  if (typeof e === 'string') {
    const id = safeUrl(e);
    return id ? [{ id }] : [];
  }
  if (!e || typeof e !== 'object') return [];
  const o = e as Record<string, unknown>;
  const item: Evidence = {};
  const id = safeUrl(str(o['id']));
  if (id) item.id = id;
  for (const k of ['name', 'narrative', 'description'] as const) {
    const v = str(o[k]);
    if (v) item[k] = v;
  }
  return Object.keys(item).length ? [item] : [];
}

/**
 * Evidence as JSON-LD compaction leaves it: one object or URL, or a list of them (a list of one is
 * compacted to its item).
 */
function evidenceOf(assertion: Record<string, unknown>): DetailItem['evidence'] {
  const v = assertion['evidence'];
  const list = v === undefined || v === null ? [] : Array.isArray(v) ? (v as unknown[]) : [v];
  return list.flatMap(evidenceItem);
}

/** An imported badge in the shape of a detail page (no recipients count: only the issuer knows it). */
export function hostDetailItem(h: HostRow, now: number): DetailItem {
  const assertion = parse(h.assertionJson);
  return {
    id: h.id,
    assertionId: h.id,
    isMultiverseIssuedBadge: false,
    name: h.name,
    description: h.description,
    image: badgeImageUrl('h', h.imageKey ? h.id : null),
    assertion_email: h.recipientEmail,
    issued_on: new Date(h.issuedOn).toISOString(),
    expires_at: h.expiresAt ? new Date(h.expiresAt).toISOString() : null,
    is_expired: h.expiresAt !== null && h.expiresAt <= now,
    is_revoked: h.revokedAt !== null,
    is_public: h.isPublic,
    is_blockchain: false,
    accept_status: 2,
    badge_class_id: '',
    criteria: criteria(parse(h.badgeJson)),
    narrative: str(assertion['narrative']),
    evidence: evidenceOf(assertion),
    issuer: { id: '', name: h.issuerName, url: safeUrl(h.issuerUrl), certified: false, claimed: h.issuerClaimed },
    revoked_reason: h.revokedReason,
    is_hidden: false,
    recipients_count: null,
    tags: [],
    // An OB 3.0 credential's id need not be where it lives: only a URL it was fetched from is linked.
    assertion_url: safeUrl(h.sourceUrl) ?? (h.format === 'ob3' ? null : safeUrl(h.externalId)) ?? '',
    ob3: h.format === 'ob3' ? ob3Details(assertion, parseList(h.endorsementsJson)) : null,
    verification: { status: h.verifyStatus, at: new Date(h.verifiedAt).toISOString() },
  };
}
