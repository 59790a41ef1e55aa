import { ACAD_LIMITS } from '../../issuing/templates';
import { list, obj } from '../../ob3/verify/facts';
import { achievementsOf, associationsOf, nestedOf } from './facts';

type Obj = Record<string, unknown>;

/**
 * How much one record may ask of a verification (issue 38, "bad input"), counted right after the
 * JSON is read and before any JSON-LD, schema or proof work. As many nested credentials as a
 * transcript issued here may have rows (ACAD_LIMITS.maxRows, 300), and as many embedded proofs
 * among them as two each (each costs a canonicalization: a record of one proof per course stays
 * well inside); the lists beside them are capped so that the checks over them stay linear and
 * small. Past these the record is too large to check here (E970).
 */
export const CLR_LIMITS = {
  maxNested: ACAD_LIMITS.maxRows,
  maxNestedProofs: 2 * ACAD_LIMITS.maxRows,
  maxAchievements: 1000,
  maxAssociations: 2000,
} as const;

const proofsOf = (nested: unknown[]) => nested.reduce<number>((n, e) => n + list(obj(e)?.['proof']).length, 0);

/** Whether a record is within CLR_LIMITS. */
export function withinLimits(c: Obj): boolean {
  const nested = nestedOf(c);
  return (
    nested.length <= CLR_LIMITS.maxNested &&
    proofsOf(nested) <= CLR_LIMITS.maxNestedProofs &&
    achievementsOf(c).length <= CLR_LIMITS.maxAchievements &&
    associationsOf(c).length <= CLR_LIMITS.maxAssociations
  );
}
