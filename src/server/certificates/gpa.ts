/*
 * The grade point average a transcript prints under its totals (issue 18). The rule, also in
 * docs/design/decisions.md:
 * 1. Rows whose grade is empty or a non-graded mark (P, Pass, S, U, W, I, NP, CR, NC, AU, ...) do
 *    not count: anything that is neither a number nor a letter grade below is skipped.
 * 2. If every counted grade is a number (0-100, "3.7", "85"), the GPA is their credit-weighted
 *    mean, on the scale the issuer used.
 * 3. If every counted grade is a letter grade A-F with an optional + or -, each maps to points on
 *    the common 4.0 scale (A+ and A 4.0, A- 3.7, B+ 3.3, B 3.0, B- 2.7, C+ 2.3, C 2.0, C- 1.7,
 *    D+ 1.3, D 1.0, D- 0.7, F 0) and the GPA is their credit-weighted mean.
 * 4. Mixed numbers and letters, no counted rows, or no credits in them: no GPA is printed (a mean of
 *    two scales would be a number that means nothing).
 * The result is rounded to two decimals.
 */

const LETTER: Record<string, number> = {
  'A+': 4,
  A: 4,
  'A-': 3.7,
  'B+': 3.3,
  B: 3,
  'B-': 2.7,
  'C+': 2.3,
  C: 2,
  'C-': 1.7,
  'D+': 1.3,
  D: 1,
  'D-': 0.7,
  F: 0,
};

type Scored = { kind: 'number' | 'letter'; points: number };

function score(grade: string): Scored | null {
  const g = grade.trim().toUpperCase();
  if (/^\d{1,3}(\.\d{1,2})?$/.test(g) && Number(g) <= 100) return { kind: 'number', points: Number(g) };
  const points = LETTER[g];
  return points === undefined ? null : { kind: 'letter', points };
}

/** The credit-weighted GPA of transcript rows by the rule above, or null when none applies. */
export function gradePointAverage(rows: readonly { credits: number; grade: string }[]): number | null {
  const counted = rows.flatMap((r) => {
    const s = score(r.grade);
    return s ? [{ ...s, credits: r.credits }] : [];
  });
  if (counted.length === 0 || new Set(counted.map((c) => c.kind)).size !== 1) return null;
  const weight = counted.reduce((n, c) => n + c.credits, 0);
  if (!(weight > 0)) return null;
  const sum = counted.reduce((n, c) => n + c.points * c.credits, 0);
  return Math.round((sum / weight) * 100) / 100;
}
