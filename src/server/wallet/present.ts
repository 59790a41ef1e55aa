import { DEFAULT_BADGE_IMAGE } from '../../lib/paths';
import { safeUrl } from '../../lib/safe-url';
import type { TagRow } from '../db/rows';
import { OB_PREFIX } from '../openbadges/urls';
import type { BadgeRow } from './badge-repo';
import type { ListRow } from './list-repo';
import type { Ob3Details } from './ob3-present';

/**
 * The picture of a wallet badge, one that exists in every state the wallet shows (issue 24): the
 * badge class's image for a badge issued here (the baked assertion image answers 410 once the
 * badge is revoked), the stored image of an imported one, and the default image when there is
 * none (spec §3). `imageId` is the class or imported badge whose image route draws it.
 */
export function badgeImageUrl(kind: 'm' | 'h', imageId: string | null): string {
  if (!imageId) return DEFAULT_BADGE_IMAGE;
  return kind === 'm' ? `${OB_PREFIX}/BadgeClass/${imageId}/image` : `${OB_PREFIX}/Assertion/Host/${imageId}/image`;
}

/** One badge as the list answers it (spec §3 "Assertion"). */
export function listItem(r: ListRow, now: number) {
  return {
    id: r.id,
    assertionId: r.id,
    isMultiverseIssuedBadge: r.kind === 'm',
    name: r.name,
    description: r.description,
    image: badgeImageUrl(r.kind, r.imageId),
    issuer: { id: r.issuerId, name: r.issuerName },
    assertion_email: r.email,
    issued_on: new Date(r.issuedOn).toISOString(),
    expires_at: r.expiresAt ? new Date(r.expiresAt).toISOString() : null,
    is_expired: r.expiresAt !== null && r.expiresAt <= now,
    is_revoked: r.revokedAt !== null,
    is_public: r.isPublic,
    is_blockchain: r.isBlockchain,
    accept_status: r.acceptStatus,
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
        issuerId: b.issuerId,
        issuerName: b.issuerName,
        email: b.recipientEmail,
        issuedOn: b.issuedOn,
        expiresAt: b.expiresAt,
        revokedAt: b.revokedAt,
        isPublic: b.isPublic,
        isBlockchain: b.isBlockchain,
        acceptStatus: b.acceptStatus,
        createdAt: b.issuedOn,
        acceptedAt: null,
        imageId: b.classImageId,
      },
      now,
    ),
    badge_class_id: b.badgeClassId,
    criteria: { url: safeUrl(b.criteriaUrl), narrative: b.criteriaNarrative },
    narrative: b.narrative,
    evidence: parse<Evidence[]>(b.evidenceJson, []),
    issuer: {
      id: b.issuerId,
      name: b.issuerName,
      url: safeUrl(b.issuerUrl),
      certified: b.issuerCertified,
      claimed: false,
    },
    revoked_reason: b.revokedReason,
    is_hidden: b.isHidden,
    recipients_count: b.recipients as number | null,
    tags: parse<Pick<TagRow, 'id' | 'name'>[]>(b.tags, []).filter((t) => t.id),
    assertion_url: `${OB_PREFIX}/Assertion/${b.id}`,
    /** What an Open Badges 3.0 credential adds (issue 21): set for imported 3.0 badges. */
    ob3: null as Ob3Details | null,
    /** An imported badge's last verification (at import, then nightly): its verdict and when. */
    verification: null as { status: 'valid' | 'invalid' | 'unverifiable'; at: string } | null,
  };
}

export type DetailItem = ReturnType<typeof detailItem>;
