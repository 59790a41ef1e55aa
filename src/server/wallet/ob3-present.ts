import { safeUrl } from '../../lib/safe-url';

type Obj = Record<string, unknown>;

/**
 * What an Open Badges 3.0 credential adds to a detail page (issue 21), read from the stored
 * credential: every text as text, every link only when it is http(s) (XSS-02), lists capped so a
 * hostile credential cannot make a page of megabytes.
 */
export interface Ob3Details {
  achievementType: string | null;
  /** The achievement's tags (shown as skills; they name no skill page here). */
  skills: string[];
  /** The results the achievement asks for (resultDescription). */
  resultDescriptions: { name: string; resultType: string | null; requiredValue: string | null }[];
  /** The results awarded, each named by its description when it points at one. */
  results: { name: string | null; value: string | null; status: string | null }[];
  alignments: { name: string; url: string | null; framework: string | null; code: string | null }[];
  /**
   * Each endorsement as written, with what verifying it found at import or the last re-check
   * (issue 21): only 'verified' ones may be shown as such; 'unchecked' when none was kept for it.
   */
  endorsements: { issuer: string | null; comment: string | null; url: string | null; state: EndorsementState }[];
}

/** `claimed`: its signature verified, but with a key that is its endorser's id alone (issue 33). */
export type EndorsementState = 'verified' | 'claimed' | 'invalid' | 'unverifiable' | 'unchecked';

// A Map, not an object: a stored state such as "constructor" must not find anything.
const STATES = new Map<unknown, EndorsementState>([
  ['valid', 'verified'],
  ['invalid', 'invalid'],
  ['unverifiable', 'unverifiable'],
]);

/**
 * The kept verdict of the endorsement at `index` (the verifier's order: credential, achievement,
 * issuer). It counts only when it names the same id, so a verdict never lands on another endorsement.
 */
function stateAt(checked: unknown[], index: number, e: Obj): EndorsementState {
  const c = obj(checked[index]);
  const id = typeof e['id'] === 'string' ? e['id'] : null;
  if (!c || (c['id'] ?? null) !== id) return 'unchecked';
  const state = STATES.get(c['state']) ?? 'unchecked';
  return state === 'verified' && c['claimed'] === true ? 'claimed' : state;
}

const MAX_ITEMS = 50;
const obj = (v: unknown): Obj | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);
const list = (v: unknown): Obj[] =>
  (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]).slice(0, MAX_ITEMS).flatMap((x) => {
    const o = obj(x);
    return o ? [o] : [];
  });
const text = (v: unknown, max = 2000): string | null => (typeof v === 'string' && v.trim() ? v.slice(0, max) : null);
/** A link given as a string or as an object with an id (OB 3.0 allows both for images and profiles). */
const link = (v: unknown): string | null => safeUrl(typeof v === 'string' ? v : text(obj(v)?.['id']));

function alignmentOf(a: Obj) {
  const name = text(a['targetName'], 500);
  if (!name) return [];
  return [
    {
      name,
      url: link(a['targetUrl']),
      framework: text(a['targetFramework'], 500),
      code: text(a['targetCode'], 200),
    },
  ];
}

/** An endorsement credential as a line: who endorses, what they say, and where it lives. */
function endorsementOf(e: Obj, state: EndorsementState) {
  const subject = list(e['credentialSubject'])[0] ?? {};
  const issuer = obj(e['issuer']);
  return {
    issuer: text(issuer?.['name'], 500) ?? text(e['issuer'], 500) ?? text(issuer?.['id'], 500),
    comment: text(subject['endorsementComment']),
    url: link(e['id']),
    state,
  };
}

/**
 * The details of a stored OB 3.0 credential (the JSON the import kept; a VC-JWT's vc claim), with
 * its endorsements' kept verdicts (`checked`: the report's endorsements list as stored).
 */
export function ob3Details(credential: Obj, checked: unknown[] = []): Ob3Details {
  const subject = list(credential['credentialSubject'])[0] ?? {};
  const achievement = obj(subject['achievement']) ?? {};
  const descriptions = list(achievement['resultDescription']);
  const nameOfDescription = (id: unknown) => text(descriptions.find((d) => d['id'] === id)?.['name'], 500);
  // Endorsements may sit on the credential, its achievement or the issuer profile.
  const endorsements = [
    ...list(credential['endorsement']),
    ...list(achievement['endorsement']),
    ...list(obj(credential['issuer'])?.['endorsement']),
  ];
  return {
    achievementType: text(achievement['achievementType'], 200),
    skills: (Array.isArray(achievement['tag']) ? (achievement['tag'] as unknown[]) : [achievement['tag']])
      .slice(0, MAX_ITEMS)
      .flatMap((t) => text(t, 200) ?? []),
    resultDescriptions: descriptions.flatMap((d) => {
      const name = text(d['name'], 500);
      return name
        ? [{ name, resultType: text(d['resultType'], 200), requiredValue: text(d['requiredValue'], 500) }]
        : [];
    }),
    results: list(subject['result']).map((r) => ({
      name: nameOfDescription(r['resultDescription']),
      value: text(r['value'], 500) ?? text(r['achievedLevel'], 500),
      status: text(r['status'], 200),
    })),
    alignments: list(achievement['alignment']).flatMap(alignmentOf),
    endorsements: endorsements.slice(0, MAX_ITEMS).map((e, i) => endorsementOf(e, stateAt(checked, i, e))),
  };
}
