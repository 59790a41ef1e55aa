import { execFileSync } from 'node:child_process';

/** Text and an address a hostile school might put in a learner record (XSS-01/02, HV-07). */
export const HOSTILE_RECORD = {
  school: '<img src=x onerror="window.__xss=1">College',
  title: '</script><script>window.__xss=2</script>Transcript',
  course: '<svg onload="window.__xss=3">Optics',
  url: 'JaVaScRiPt:window.__xss=4',
};

/**
 * Issue 38: a CLR 2.0 record for the browser tests, signed in node by a fresh did:key school (its
 * key needs no fetch, so its name is the record's own claim), issued to `email`, holding one course
 * signed by the same school; everything a hostile school controls is hostile. Signed by
 * tests/support/hostile-clr.ts under tsx, as the benches sign theirs.
 */
export function hostileRecord(email: string): string {
  return execFileSync('npx', ['tsx', 'tests/support/hostile-clr.ts', email], { encoding: 'utf8' });
}
