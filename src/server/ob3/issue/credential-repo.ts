import { and, eq, isNull } from 'drizzle-orm';
import { db } from '../../db/client';
import { assertions, badgeClasses, issuers, ob3Credentials } from '../../db/schema';
import { badgeClassTagNames } from '../../openbadges/tags-repo';

/** SQL for the OB 3.0 form of awards made here: what the credential is built from, and the kept copy. */
export function ob3CredentialRepo(d1: D1Database) {
  const d = db(d1);
  return {
    /** The signed credential kept for an award, or null when none was made yet. */
    async kept(assertionId: string): Promise<string | null> {
      const rows = await d
        .select({ json: ob3Credentials.credentialJson })
        .from(ob3Credentials)
        .where(eq(ob3Credentials.assertionId, assertionId))
        .limit(1);
      return rows[0]?.json ?? null;
    },

    /** Keeps the first signed copy; a parallel first use loses the race and reads the winner's. */
    async keep(assertionId: string, keyId: string, json: string, now: number): Promise<void> {
      await d
        .insert(ob3Credentials)
        .values({ assertionId, keyId, credentialJson: json, createdAt: now })
        .onConflictDoNothing()
        .run();
    },

    /** The award with its badge class and issuer (issuer not deleted), or null. */
    async award(assertionId: string) {
      const rows = await d
        .select({ a: assertions, bc: badgeClasses, issuer: issuers })
        .from(assertions)
        .innerJoin(badgeClasses, eq(badgeClasses.id, assertions.badgeClassId))
        .innerJoin(issuers, and(eq(issuers.id, assertions.issuerId), isNull(issuers.deletedAt)))
        .where(eq(assertions.id, assertionId))
        .limit(1);
      return rows[0] ?? null;
    },

    tagNames: (badgeClassId: string) => badgeClassTagNames(d, badgeClassId),
  };
}

export type Ob3Award = NonNullable<Awaited<ReturnType<ReturnType<typeof ob3CredentialRepo>['award']>>>;
