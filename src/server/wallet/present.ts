import { OB_PREFIX } from '../openbadges/urls';
import type { BadgeRow } from './badge-repo';
import type { ListRow } from './list-repo';

/** The image of a wallet badge: the baked hosted image, or the stored image of an imported one. */
export function badgeImageUrl(kind: 'm' | 'h', id: string): string {
  return kind === 'm' ? `${OB_PREFIX}/Assertion/${id}/image` : `${OB_PREFIX}/Assertion/Host/${id}/image`;
}

/** One badge as the list answers it (spec §3 "Assertion"). */
export function listItem(r: ListRow, now: number) {
  return {
    id: r.id,
    assertionId: r.id,
    isMultiverseIssuedBadge: r.kind === 'm',
    name: r.name,
    description: r.description,
    image: badgeImageUrl(r.kind, r.id),
    issuer: { id: r.issuer_id, name: r.issuer_name },
    assertion_email: r.email,
    issued_on: new Date(r.issued_on).toISOString(),
    expires_at: r.expires_at ? new Date(r.expires_at).toISOString() : null,
    is_expired: r.expires_at !== null && r.expires_at <= now,
    is_revoked: r.revoked_at !== null,
    is_public: r.is_public === 1,
    is_blockchain: r.is_blockchain === 1,
    accept_status: r.accept_status,
  };
}

export type ListItem = ReturnType<typeof listItem>;

interface Evidence {
  id?: string;
  narrative?: string;
  name?: string;
  description?: string;
}

const parse = <T>(json: string | null, fallback: T): T => {
  if (!json) return fallback;
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
};

/** One badge with everything its detail page shows (spec §2 "Badge detail", marks included). */
export function detailItem(b: BadgeRow, now: number) {
  return {
    ...listItem(
      {
        kind: 'm',
        id: b.id,
        name: b.name,
        description: b.description,
        issuer_id: b.issuer_id,
        issuer_name: b.issuer_name,
        email: b.recipient_email,
        issued_on: b.issued_on,
        expires_at: b.expires_at,
        revoked_at: b.revoked_at,
        is_public: b.is_public,
        is_blockchain: b.is_blockchain,
        accept_status: b.accept_status,
        created_at: b.issued_on,
        accepted_at: null,
      },
      now,
    ),
    badge_class_id: b.badge_class_id,
    criteria: { url: b.criteria_url, narrative: b.criteria_narrative },
    narrative: b.narrative,
    evidence: parse<Evidence[]>(b.evidence_json, []),
    issuer: { id: b.issuer_id, name: b.issuer_name, url: b.issuer_url, certified: b.issuer_certified === 1 },
    revoked_reason: b.revoked_reason,
    is_hidden: b.is_hidden === 1,
    recipients_count: b.recipients as number | null,
    tags: parse<{ id: string; name: string }[]>(b.tags, []).filter((t) => t.id),
    assertion_url: `${OB_PREFIX}/Assertion/${b.id}`,
  };
}

export type DetailItem = ReturnType<typeof detailItem>;
