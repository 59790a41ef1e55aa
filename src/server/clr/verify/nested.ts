import { str } from '../../openbadges/verify/json';
import { parseVcJwt } from '../../ob3/jwt/parse';
import { firstFacts, issuerOf, list, nameOf, obj, subjectOf, type Ob3Facts } from '../../ob3/verify/facts';
import type { Ob3Deps } from '../../ob3/verify/deps';
import { checkOb3Context } from '../../ob3/verify/steps/checkOb3Context';
import { checkOb3Dates } from '../../ob3/verify/steps/checkOb3Dates';
import { checkOb3JsonLd } from '../../ob3/verify/steps/checkOb3JsonLd';
import { checkOb3Jwt } from '../../ob3/verify/steps/checkOb3Jwt';
import { checkOb3KeyOwner } from '../../ob3/verify/steps/checkOb3KeyOwner';
import { checkOb3Proof } from '../../ob3/verify/steps/checkOb3Proof';
import { checkOb3Schema } from '../../ob3/verify/steps/checkOb3Schema';
import { checkOb3Status } from '../../ob3/verify/steps/checkOb3Status';
import { checkOb3Type } from '../../ob3/verify/steps/checkOb3Type';
import { readOb3Credential } from '../../ob3/verify/steps/readOb3Credential';
import { resolveOb3Key } from '../../ob3/verify/steps/resolveOb3Key';
import type { VerifyCode } from '../../verdict/codes';
import type { NestedVerdict } from '../../verdict/present';
import { buildReport, EMPTY_INFO } from '../../verdict/report';
import { matchRecipient } from '../../verdict/recipient';
import { runPlan } from '../../verdict/run';
import { PASS, type Step } from '../../verdict/step';
import { nestedJwtCredential } from './jwt-claims';

type Obj = Record<string, unknown>;

const ACHIEVEMENT_TYPES = ['OpenBadgeCredential', 'AchievementCredential'];

/**
 * A nested VC-JWT is a string to the record's JSON-LD pass, so its own credential is expanded here;
 * a nested object was expanded with the record (the CLR context's verifiableCredential is a plain
 * set: its terms are the record's terms) and is not expanded twice.
 */
const jsonLdOfJwt: Step<Ob3Facts, Ob3Deps> = {
  ...checkOb3JsonLd,
  run: (f, deps) => (f.jwt ? checkOb3JsonLd.run(f, deps) : PASS),
};

/**
 * What each nested credential is checked for: the OB 3.0 steps of the credential, its issuer
 * (proof or JWT, and whose key it is: a key that is not the named issuer's is E169 here too),
 * its dates and its status. Not its recipient: the record's issuer states that every nested
 * credential is the record subject's, and the record's own recipient step checks that subject.
 * Nor its endorsements: one level is followed, the record's.
 */
const NESTED_PLAN: readonly Step<Ob3Facts, Ob3Deps>[] = [
  readOb3Credential,
  checkOb3Context,
  checkOb3Type,
  jsonLdOfJwt,
  checkOb3Schema,
  resolveOb3Key,
  checkOb3Proof,
  checkOb3Jwt,
  checkOb3KeyOwner,
  checkOb3Dates,
  checkOb3Status,
];

/**
 * What an entry is before it is verified: its credential as read, or the code it stops at. A JWT's
 * payload is read within the JSON limits first (nestedJwtCredential), then by the VC-JWT rules.
 */
function readEntry(entry: unknown): { credential: Obj; jwt: string | null } | { code: VerifyCode } {
  if (typeof entry === 'string') {
    if (!nestedJwtCredential(entry)) return { code: 'E973' };
    const parsed = parseVcJwt(entry.trim());
    return parsed.ok ? { credential: parsed.credential, jwt: entry.trim() } : { code: 'E973' };
  }
  const c = obj(entry);
  return c ? { credential: c, jwt: null } : { code: 'E973' };
}

/**
 * Who the record is about, as its own (verified) subject says: its id, its identifier entries, and
 * the address its recipient step matched, if one was checked.
 */
export interface Learner {
  id: string | null;
  identifiers: ReadonlySet<string>;
  address: string | null;
}

const identifierKey = (v: unknown) => {
  const i = obj(v);
  return i ? JSON.stringify([i['identityType'], i['identityHash'], i['hashed'], i['salt'] ?? null]) : null;
};

export function learnerOf(subject: Obj | null, address: string | null): Learner {
  const identifiers = new Set(list(subject?.['identifier']).flatMap((i) => identifierKey(i) ?? []));
  return { id: str(subject?.['id']), identifiers, address };
}

/**
 * Whether a nested credential is awarded to the record's learner: the same subject id, the same
 * identifier entry (as a record issued here writes the salted identity into each course), or an
 * email identity that matches the address the record's own recipient step verified.
 */
async function sameLearner(c: Obj, learner: Learner): Promise<boolean> {
  const subject = subjectOf(c);
  const id = str(subject?.['id']);
  if (id !== null && id === learner.id) return true;
  const identifiers = list(subject?.['identifier']);
  if (identifiers.some((i) => learner.identifiers.has(identifierKey(i) ?? ''))) return true;
  if (!learner.address) return false;
  for (const i of identifiers.map(obj)) {
    if (i?.['identityType'] !== 'emailAddress') continue;
    const r = await matchRecipient(
      { type: 'email', identity: i['identityHash'], hashed: i['hashed'], salt: i['salt'] },
      [learner.address],
    );
    if (r.ok) return true;
  }
  return false;
}

const refused = (index: number, id: string | null, name: string | null, code: VerifyCode): NestedVerdict => ({
  index,
  id,
  name,
  issuer_name: null,
  state: 'invalid',
  errors: [code],
  warnings: [],
});

/**
 * One nested credential, verified on its own (issue 38): a CLR inside a CLR is listed and not
 * followed (E971), an id seen earlier in the record is not verified twice (E972), anything but an
 * Open Badges 3.0 achievement credential is not checked here (E973), and one awarded to someone
 * else than the record's learner does not hold (E974), however well it is signed. Its issuer's
 * name is shown only where its key is one that issuer publishes (not its own claim, W003). `seen`
 * holds the ids so far.
 */
export async function verifyNested(
  index: number,
  entry: unknown,
  seen: Set<string>,
  learner: Learner,
  deps: Ob3Deps,
): Promise<NestedVerdict> {
  const read = readEntry(entry);
  if ('code' in read) return refused(index, null, null, read.code);
  const c = read.credential;
  const id = str(c['id']);
  const name = nameOf(c);
  const types = list(c['type']);
  if (types.includes('ClrCredential')) return refused(index, id, name, 'E971');
  if (!types.some((t) => ACHIEVEMENT_TYPES.includes(t as string))) return refused(index, id, name, 'E973');
  if (id !== null && seen.has(id)) return refused(index, id, name, 'E972');
  if (id !== null) seen.add(id);
  const ran = await runPlan(NESTED_PLAN, firstFacts(read.jwt ? {} : c, read.jwt, null), deps);
  const codes = ran.results.flatMap((r) => (r.code ? [r.code] : []));
  if (!(await sameLearner(ran.facts.credential, learner))) codes.push('E974');
  const report = buildReport(EMPTY_INFO, {}, codes, ran.unverifiable);
  const published = report.items.issued_by.status === 'success' && ran.facts.binding === 'published';
  return {
    index,
    id,
    name: nameOf(ran.facts.credential) ?? name,
    issuer_name: published ? str(issuerOf(ran.facts.credential)['name']) : null,
    state: report.verify_state,
    errors: report.verify_errors_code,
    warnings: report.verify_warnings_code,
  };
}
