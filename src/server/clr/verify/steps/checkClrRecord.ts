import { checkOb3Class } from '../../../ob3/schema';
import { list, obj } from '../../../ob3/verify/facts';
import type { Ob3Deps } from '../../../ob3/verify/deps';
import { fail, PASS, passWith, SKIP, type Step } from '../../../verdict/step';
import { achievementsOf, ASSOCIATION_TYPES, associationsOf, nestedOf, type ClrFacts } from '../facts';
import { nestedJwtCredential } from '../jwt-claims';

type Obj = Record<string, unknown>;

const typed = (v: Obj, t: string) => list(v['type']).includes(t);

function association(v: unknown): boolean {
  const a = obj(v);
  return (
    !!a &&
    typed(a, 'Association') &&
    ASSOCIATION_TYPES.includes(a['associationType'] as (typeof ASSOCIATION_TYPES)[number]) &&
    typeof a['sourceId'] === 'string' &&
    typeof a['targetId'] === 'string'
  );
}

/** Every id the record speaks of: its achievements, its nested credentials and what they award. */
function knownIds(c: Obj): Set<string> {
  const ids = new Set<string>();
  const add = (id: unknown) => {
    if (typeof id === 'string') ids.add(id);
  };
  for (const a of achievementsOf(c)) add(obj(a)?.['id']);
  for (const n of nestedOf(c).map((e) => (typeof e === 'string' ? nestedJwtCredential(e) : obj(e)))) {
    add(n?.['id']);
    for (const s of list(n?.['credentialSubject']).map(obj)) add(obj(s?.['achievement'])?.['id']);
  }
  return ids;
}

/**
 * The record's own data model, in place of 1EdTech's CLR schema (checkClrSchema): a name to show,
 * an issuer Profile (E172 none, E173 not a Profile of OB 3.0's shape), one ClrSubject, each
 * achievement an OB 3.0 Achievement, each association typed with a known associationType and
 * both ends named (E980 otherwise). An association naming nothing the record holds, or an
 * achievement id written twice, is shown as written and said (W008), as 1EdTech lets it pass.
 */
export const checkClrRecord: Step<ClrFacts, Ob3Deps> = {
  name: 'checkClrRecord',
  group: 'credential',
  run(f) {
    if (f.broken) return SKIP;
    const c = f.credential;
    const issuer = obj(c['issuer']);
    if (c['issuer'] === undefined) return fail('E172');
    if (!issuer || checkOb3Class('Profile', issuer).length) return fail('E173');
    const subjects = list(c['credentialSubject']).map(obj);
    if (typeof c['name'] !== 'string' || subjects.length !== 1 || !subjects[0] || !typed(subjects[0], 'ClrSubject'))
      return fail('E980');
    const achievements = achievementsOf(c);
    if (achievements.some((a) => checkOb3Class('Achievement', a).length)) return fail('E980');
    const associations = associationsOf(c);
    if (!associations.every(association)) return fail('E980');
    const ids = knownIds(c);
    const achievementIds = achievements.map((a) => obj(a)?.['id']);
    const dangling = associations.some(
      (a) => !ids.has((a as Obj)['sourceId'] as string) || !ids.has((a as Obj)['targetId'] as string),
    );
    return dangling || new Set(achievementIds).size !== achievementIds.length ? passWith('W008') : PASS;
  },
};
