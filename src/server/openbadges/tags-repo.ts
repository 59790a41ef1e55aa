import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { badgeClassTags, tags } from '../db/schema';

/**
 * A badge class's tag names in name order. Both the OB 2.0 BadgeClass (issuing/) and its OB 3.0
 * Achievement (ob3/issue/) list them; it lives here, below both, so neither imports the other.
 */
export async function badgeClassTagNames(d: Db, badgeClassId: string): Promise<string[]> {
  const rows = await d
    .select({ name: tags.name })
    .from(badgeClassTags)
    .innerJoin(tags, eq(tags.id, badgeClassTags.tagId))
    .where(eq(badgeClassTags.badgeClassId, badgeClassId))
    .orderBy(tags.name);
  return rows.map((r) => r.name);
}
