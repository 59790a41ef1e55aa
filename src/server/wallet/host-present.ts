import type { DetailItem } from './present';
import { badgeImageUrl } from './present';
import type { HostRow } from './host-repo';

const parse = (json: string): Record<string, unknown> => {
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};
const str = (v: unknown) => (typeof v === 'string' ? v : null);
const httpUrl = (v: string | null) => (v && /^https?:\/\//i.test(v) ? v : null);

/** Criteria of an imported BadgeClass: a URL, an object with id/narrative, or nothing. */
function criteria(badge: Record<string, unknown>) {
  const c = badge['criteria'];
  if (typeof c === 'string') return { url: httpUrl(c), narrative: null };
  const o = c && typeof c === 'object' ? (c as Record<string, unknown>) : {};
  return { url: httpUrl(str(o['id']) ?? str(o['url'])), narrative: str(o['narrative']) };
}

/**
 * Evidence as JSON-LD compaction leaves it: one object or URL, or a list of them (a list of one is
 * compacted to its item).
 */
function evidenceOf(assertion: Record<string, unknown>): DetailItem['evidence'] {
  const v = assertion['evidence'];
  const list = v === undefined || v === null ? [] : Array.isArray(v) ? (v as unknown[]) : [v];
  return list.flatMap((e) =>
    typeof e === 'string' ? (httpUrl(e) ? [{ id: e }] : []) : e && typeof e === 'object' ? [e as object] : [],
  );
}

/** An imported badge in the shape of a detail page (no recipients count: only the issuer knows it). */
export function hostDetailItem(h: HostRow, now: number): DetailItem {
  const assertion = parse(h.assertion_json);
  return {
    id: h.id,
    assertionId: h.id,
    isMultiverseIssuedBadge: false,
    name: h.name,
    description: h.description,
    image: badgeImageUrl('h', h.id),
    assertion_email: h.recipient_email,
    issued_on: new Date(h.issued_on).toISOString(),
    expires_at: h.expires_at ? new Date(h.expires_at).toISOString() : null,
    is_expired: h.expires_at !== null && h.expires_at <= now,
    is_revoked: h.revoked_at !== null,
    is_public: h.is_public === 1,
    is_blockchain: false,
    accept_status: 2,
    badge_class_id: '',
    criteria: criteria(parse(h.badge_json)),
    narrative: str(assertion['narrative']),
    evidence: evidenceOf(assertion),
    issuer: { id: '', name: h.issuer_name, url: h.issuer_url ?? '', certified: false },
    revoked_reason: h.revoked_reason,
    is_hidden: false,
    recipients_count: null,
    tags: [],
    assertion_url: httpUrl(h.source_url) ?? httpUrl(h.external_id) ?? '',
  };
}
