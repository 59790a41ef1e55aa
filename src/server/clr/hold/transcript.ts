import { list, obj, subjectOf } from '../../ob3/verify/facts';
import type { NestedVerdict } from '../../verdict/present';
import { achievementsOf, associationsOf, nestedOf } from '../verify/facts';
import { nestedJwtCredential } from '../verify/jwt-claims';

type Obj = Record<string, unknown>;

/** One course (or other achievement) of a held record, as its transcript shows it. */
export interface ClrCourse {
  name: string | null;
  /** The achievement's humanCode ("MATH 101"). */
  code: string | null;
  term: string | null;
  /** Credits earned, else the credits the achievement offers; null when the record says neither. */
  credits: number | null;
  /** Each result as written, named by its ResultDescription when the record names it ("Grade: A"). */
  results: { label: string | null; value: string }[];
  /** The nested credential's own verdict; null for an achievement the record only lists. */
  verdict: NestedVerdict | null;
}

/** The courses of one term, in the record's order; `term` null for those the record gives none. */
export interface ClrTerm {
  term: string | null;
  courses: ClrCourse[];
  credits: number | null;
}

/** An association between two achievements, both named where the record names them. */
export interface ClrAssociation {
  type: string;
  source: string;
  target: string;
}

/** What the transcript view of a held record shows (issue 38, item 2). */
export interface ClrTranscript {
  terms: ClrTerm[];
  /** Achievements the record lists that no nested credential awards (a programme, a skill). */
  listed: ClrCourse[];
  totals: { courses: number; credits: number | null };
  associations: ClrAssociation[];
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);
const idOf = (v: unknown) => str(obj(v)?.['id']);

/** Adds up what is there; null when nothing had a number (so "0" is never made up). */
function sum(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  // Rounded to hundredths: 0.1 + 0.2 credits is shown as 0.3.
  return known.length ? Math.round(known.reduce((a, b) => a + b, 0) * 100) / 100 : null;
}

/** A nested entry as a credential object: itself, or the credential its compact VC-JWT carries. */
const credentialOf = (entry: unknown): Obj | null =>
  typeof entry === 'string' ? nestedJwtCredential(entry) : obj(entry);

/** Each result value, named by its achievement's ResultDescription where the record links one. */
function resultsOf(subject: Obj, achievement: Obj | null): ClrCourse['results'] {
  const described = new Map<string, string>();
  for (const d of list(achievement?.['resultDescription'])) {
    const id = idOf(d);
    const name = str(obj(d)?.['name']);
    if (id && name) described.set(id, name);
  }
  return list(subject['result']).flatMap((r) => {
    const o = obj(r);
    const value = str(o?.['value']) ?? str(o?.['status']) ?? str(o?.['achievedLevel']);
    if (!o || !value) return [];
    return [{ label: described.get(str(o['resultDescription']) ?? '') ?? null, value }];
  });
}

function courseOf(achievement: Obj | null, subject: Obj | null, fallback: unknown, verdict: NestedVerdict | null) {
  return {
    name: str(achievement?.['name']) ?? str(fallback),
    code: str(achievement?.['humanCode']),
    term: str(subject?.['term']),
    credits: num(subject?.['creditsEarned']) ?? num(achievement?.['creditsAvailable']),
    results: subject ? resultsOf(subject, achievement) : [],
    verdict,
  };
}

/** Groups courses by term, keeping the order in which each term first appears. */
function byTerm(courses: ClrCourse[]): ClrTerm[] {
  const terms = new Map<string | null, ClrCourse[]>();
  for (const c of courses) terms.set(c.term, [...(terms.get(c.term) ?? []), c]);
  return [...terms].map(([term, cs]) => ({ term, courses: cs, credits: sum(cs.map((c) => c.credits)) }));
}

/**
 * A record as a transcript: each nested credential a course (its achievement, the subject's term,
 * credits and results, and its own verdict, matched by its place in the list), grouped by term with
 * their credits; the achievements the record lists that no course awards; each association with
 * the names of what it links. Nothing is computed that the record does not say (no GPA: grading
 * scales differ from school to school).
 */
export function clrTranscript(record: Obj, nested: readonly NestedVerdict[]): ClrTranscript {
  const verdicts = new Map(nested.map((n) => [n.index, n]));
  const names = new Map<string, string>();
  const courses = nestedOf(record).map((entry, index) => {
    const credential = credentialOf(entry);
    const subject = credential ? subjectOf(credential) : null;
    const achievement = obj(subject?.['achievement']);
    const id = idOf(achievement);
    const course = courseOf(achievement, subject, credential?.['name'], verdicts.get(index) ?? null);
    if (id && course.name) names.set(id, course.name);
    return { id, course };
  });
  const awarded = new Set(courses.map((c) => c.id));
  const listed = achievementsOf(record).flatMap((a) => {
    const o = obj(a);
    const id = idOf(o);
    const name = str(o?.['name']);
    // A course's own name, as its row shows it, wins over the record's listing of it.
    if (id && name && !names.has(id)) names.set(id, name);
    return o && !(id && awarded.has(id)) ? [courseOf(o, null, null, null)] : [];
  });
  const all = courses.map((c) => c.course);
  return {
    terms: byTerm(all),
    listed,
    totals: { courses: all.length, credits: sum(all.map((c) => c.credits)) },
    associations: associationsOf(record).flatMap((a) => {
      const o = obj(a);
      const type = str(o?.['associationType']);
      const source = str(o?.['sourceId']);
      const target = str(o?.['targetId']);
      if (!type || !source || !target) return [];
      return [{ type, source: names.get(source) ?? source, target: names.get(target) ?? target }];
    }),
  };
}
