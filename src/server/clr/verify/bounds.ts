import { achievementsOf, associationsOf, nestedOf } from './facts';

type Obj = Record<string, unknown>;

/**
 * How much one record may ask of a verification (issue 38, "bad input"), counted right after the
 * JSON is read and before any JSON-LD, schema or proof work. 300 nested credentials is the most
 * rows a transcript issued here may have (ACAD_LIMITS.maxRows); the lists beside them are capped
 * so that the checks over them stay linear and small. Past these the record is too large to check
 * here (E970).
 */
export const CLR_LIMITS = { maxNested: 300, maxAchievements: 1000, maxAssociations: 2000 } as const;

/** Whether a record is within CLR_LIMITS. */
export function withinLimits(c: Obj): boolean {
  return (
    nestedOf(c).length <= CLR_LIMITS.maxNested &&
    achievementsOf(c).length <= CLR_LIMITS.maxAchievements &&
    associationsOf(c).length <= CLR_LIMITS.maxAssociations
  );
}
