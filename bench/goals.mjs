// The benchmark's goals (issue 23, Deliver 3), checked on every run. Page goals are ratios to the
// static asset's p99 in the same run, so they hold on any machine; FindList's is absolute. A goal
// whose target was not measured (BENCH_ONLY) is left out, not passed.

/** FindList with 1,000 badges in a database of 100,000 or more. */
export const FINDLIST_P99_MS = 30;
/** A cached public page or image against the static asset (p99). */
export const HIT_RATIO = 1.2;
/** A public page or image rendered past the cache against the static asset (p99). */
export const MISS_RATIO = 2;

/**
 * One line per goal: { goal, target, p99, limit, ratio, pass, note }. `rows` are run.mjs's rows
 * (name, p99, cache: 'hit' | 'miss' | undefined, seen: counts of x-lanyard-cache values); the first
 * row is the baseline.
 */
export function checkGoals(rows) {
  const base = rows[0];
  const baseP99 = Math.max(base.p99, 0.5);
  const goals = [];
  for (const r of rows) {
    if (r.name.startsWith('FindList')) {
      goals.push({
        goal: `FindList p99 < ${FINDLIST_P99_MS} ms`,
        target: r.name,
        p99: r.p99,
        limit: FINDLIST_P99_MS,
        ratio: Number((r.p99 / baseP99).toFixed(2)),
        pass: r.p99 < FINDLIST_P99_MS && r.non2xx === 0,
        note: r.non2xx ? `${r.non2xx} non-2xx` : '',
      });
    }
    if (r.cache !== 'hit' && r.cache !== 'miss') continue;
    const factor = r.cache === 'hit' ? HIT_RATIO : MISS_RATIO;
    const ratio = r.p99 / baseP99;
    // A hit target answered by renders (or a miss target by the cache) measures the wrong path.
    const wrong = Object.keys(r.seen ?? {}).filter((v) => v !== r.cache);
    const note = [
      wrong.length ? `cache said ${wrong.map((v) => `${v} ${r.seen[v]}`).join(', ')}` : '',
      r.non2xx ? `${r.non2xx} non-2xx` : '',
    ]
      .filter(Boolean)
      .join('; ');
    goals.push({
      goal: `${r.cache} p99 <= ${factor}x static`,
      target: r.name,
      p99: r.p99,
      limit: Number((factor * baseP99).toFixed(1)),
      ratio: Number(ratio.toFixed(2)),
      pass: ratio <= factor && !note,
      note,
    });
  }
  return goals;
}

/** The GOALS table as printed after the figures. */
export function printGoals(goals, base) {
  if (!goals.length) return;
  console.log(`\nGOALS (ratios against "${base.name}", p99 ${base.p99} ms in this run)\n`);
  const width = Math.max(32, ...goals.map((g) => g.target.length));
  console.log(
    'target'.padEnd(width),
    'goal'.padEnd(26),
    'p99 ms'.padStart(7),
    'limit'.padStart(7),
    '×base'.padStart(6),
    '',
  );
  for (const g of goals) {
    console.log(
      g.target.padEnd(width),
      g.goal.padEnd(26),
      String(g.p99).padStart(7),
      String(g.limit).padStart(7),
      g.ratio.toFixed(2).padStart(6),
      g.pass ? 'pass' : 'FAIL',
      g.note,
    );
  }
  const failed = goals.filter((g) => !g.pass).length;
  console.log(`\n${goals.length - failed} of ${goals.length} goals pass`);
}
