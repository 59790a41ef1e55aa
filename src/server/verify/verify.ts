import { FetchBudget } from '../outbound/fetch';
import { checkDates } from './checks/dates';
import { assertionOriginAllowed, type IssuerVerification } from './checks/origin';
import { matchRecipient } from './checks/recipient';
import { checkSignature, type KeyDocument } from './checks/signature';
import type { VerifyCode } from './codes';
import { docSource, type Doc, type DocSource } from './doc-source';
import type { VerifyInput } from './input';
import { BadJws, parseJws, type ParsedJws } from './jws-parse';
import { cachedKey, cachedRevocationList } from './doc-cache';
import { normalizeDoc } from './ld/normalize';
import type { Role } from './ld/upgrade';
import { buildReport, EMPTY_INFO, type VerificationReport } from './report';

// Defined with the reader that makes it (input.ts); named here too for callers of verifyBadge.
export type { VerifyInput } from './input';

type Obj = Record<string, unknown>;

/** The documents a verification read: the import stores them with the badge. */
export interface VerifiedDocs {
  assertion?: Obj;
  badge?: Obj;
  issuer?: Obj | null;
  /** Where the hosted assertion was found (null for a signed badge). */
  url?: string | null;
}
const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** Where a hosted assertion lives: its id, or for a 1.0/1.1 badge its `verify.url`. */
function hostedAddress(doc: Obj): string | null {
  const id = str(doc['id']);
  if (id && /^https?:/i.test(id)) return id;
  return str((doc['verify'] as Obj | null | undefined)?.['url']);
}

const whole = (code: VerifyCode, unverifiable = false, info = EMPTY_INFO): VerificationReport =>
  buildReport(info, {}, [code], unverifiable);

/** A failed fetch ends the verification: "could not verify now" when unreachable, else invalid. */
const failedDoc = (d: Exclude<Doc, { kind: 'ok' }>) => whole('E999', d.kind === 'unreachable');

/**
 * An embedded object (already read as part of the assertion) or a URL to fetch and read as JSON-LD
 * in the version of the badge it belongs to; a document that is not readable Open Badges JSON-LD
 * counts as unreadable.
 */
async function resolve(src: DocSource, ref: unknown, role: Role, version: '2.0' | '1.x'): Promise<Doc> {
  if (ref && typeof ref === 'object') return { kind: 'ok', url: str((ref as Obj)['id']) ?? '', doc: ref as Obj };
  const d = await src.get(ref);
  if (d.kind !== 'ok') return d;
  const n = await normalizeDoc(d.doc, role, d.url, version);
  return n.ok ? { ...d, doc: n.doc } : { kind: 'unreadable', url: d.url };
}

/**
 * Verifies an Open Badges 2.0 assertion the way the standard describes, running every check and
 * reporting each one: hosted (fetch the assertion at its id; 410 or revoked means revoked; origin
 * rule) or signed (RS256 with the issuer's listed key; revocation list, where an unreachable list
 * means "could not verify"), then recipient, issue date and expiry.
 */
export async function verifyBadge(
  env: Env,
  input: VerifyInput,
  emails: string[],
  now = Date.now(),
  src: DocSource = docSource(env, new FetchBudget()),
  /** Filled with the documents read, for the import to keep. */
  out: VerifiedDocs = {},
): Promise<VerificationReport> {
  let raw: Obj;
  let at: string;
  let jws: ParsedJws | null = null;
  if (input.kind === 'jws') {
    try {
      jws = parseJws(input.text);
    } catch (err) {
      if (err instanceof BadJws) return whole('E999');
      throw err;
    }
    raw = jws.payload;
    at = '';
  } else {
    // The hosted copy wins over any embedded one (HV-04): JSON only tells where it lives.
    const url = input.kind === 'url' ? input.url : hostedAddress(input.doc);
    if (!url || !/^https?:/i.test(url)) return whole('E999');
    const d = await src.get(url);
    if (d.kind === 'gone') return revoked(d.doc);
    if (d.kind !== 'ok') return failedDoc(d);
    if (d.doc['revoked'] === true) return revoked(d.doc);
    raw = d.doc;
    at = d.url;
    const found = hostedAddress(raw);
    if (found !== url && found !== d.url) return whole('E999');
  }
  const read = await normalizeDoc(raw, 'assertion', at);
  // A 1.x signed badge is not checked half-way: "could not verify", not "invalid".
  if (!read.ok) return whole('E999', read.why === 'legacy-signed');
  const assertion = read.doc;
  const version = read.version;
  if (assertion['revoked'] === true) return revoked(assertion);
  out.assertion = assertion;
  out.url = jws ? null : str(assertion['id']);

  // The badge, and for a signed badge its key, are independent: fetched side by side. The key names
  // its owner, which a valid badge's issuer must be: that profile is fetched alongside too, and
  // used only if the badge class names the same issuer (one round trip fewer, unchanged checks).
  const verification = (assertion['verification'] ?? {}) as Obj;
  const keyP = jws
    ? cachedKey(verification['creator'], () => resolve(src, verification['creator'], 'other', version))
    : Promise.resolve(null);
  const ownerP = keyP.then((k) => {
    const owner = k?.kind === 'ok' ? str(k.doc['owner']) : null;
    if (!owner) return null;
    const doc = resolve(src, owner, 'issuer', version);
    // Not awaited when the badge fails first: its failure must not surface as an unhandled rejection.
    doc.catch(() => undefined);
    return { owner, doc };
  });
  const [badgeDoc, keyDoc] = await Promise.all([resolve(src, assertion['badge'], 'badge', version), keyP]);
  if (badgeDoc.kind !== 'ok') return failedDoc(badgeDoc);
  const issuerRef = badgeDoc.doc['issuer'];
  const early = await ownerP;
  const issuerDoc =
    early && typeof issuerRef === 'string' && issuerRef === early.owner
      ? await early.doc
      : await resolve(src, issuerRef, 'issuer', version);
  const codes: VerifyCode[] = [];
  let unverifiable = false;
  const issuer = issuerDoc.kind === 'ok' ? issuerDoc.doc : null;
  out.badge = badgeDoc.doc;
  out.issuer = issuer;
  if (!issuer || !str(issuer['id']) || !str(issuer['name'])) {
    codes.push('E168');
    if (issuerDoc.kind === 'unreachable') unverifiable = true;
  } else if (jws) {
    const key = keyDoc?.kind === 'ok' ? (keyDoc.doc as KeyDocument) : {};
    if (keyDoc?.kind === 'unreachable') unverifiable = true;
    if (!(await checkSignature(jws, key, issuer)).ok) codes.push('E168');
    if (issuer['revocationList'] !== undefined) {
      const list = await cachedRevocationList(issuer['revocationList'], () =>
        resolve(src, issuer['revocationList'], 'other', version),
      );
      if (list.kind !== 'ok') return whole('E999', true, infoOf(assertion, badgeDoc.doc, issuer, null, now));
      const entry = revocationEntry(list.doc, str(assertion['id']));
      if (entry) return revoked({ ...assertion, revocationReason: entry['revocationReason'] }, badgeDoc.doc, issuer);
    }
  } else if (
    !assertionOriginAllowed(
      str(assertion['id']) ?? '',
      str(issuer['id']) ?? '',
      issuer['verification'] as IssuerVerification,
    )
  ) {
    codes.push('E168');
  }
  const dates = checkDates(assertion['issuedOn'], assertion['expires'], now);
  codes.push(...dates.codes);
  const recipient = await matchRecipient(assertion['recipient'], emails);
  if (!recipient.ok) codes.push(recipient.code);
  const email = recipient.ok ? recipient.email : null;
  const info = infoOf(assertion, badgeDoc.doc, issuer, email, now);
  return buildReport(
    info,
    {
      issued_by: info.issuer_name,
      issued_on: info.issuing_date,
      awarded_to: email,
      expires_on: info.expiry_date,
    },
    codes,
    unverifiable,
  );
}

/**
 * The revocation list's entry for this assertion, if any. Entries are ids or objects with an id and
 * a reason; JSON-LD compaction turns a list of one into that one entry, so both shapes are read.
 */
function revocationEntry(list: Obj, id: string | null): Obj | null {
  const v = list['revokedAssertions'];
  const entries: unknown[] = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
  for (const e of entries) {
    if (typeof e === 'string' && e === id) return {};
    if (e && typeof e === 'object' && str((e as Obj)['id']) === id) return e as Obj;
  }
  return null;
}

function revoked(doc: Obj | null, badge: Obj | null = null, issuer: Obj | null = null): VerificationReport {
  const info = { ...infoOf(doc ?? {}, badge, issuer, null, Date.now()), revoked: true };
  info.revocation_reason = str(doc?.['revocationReason']);
  return whole('E999', false, info);
}

function infoOf(assertion: Obj, badge: Obj | null, issuer: Obj | null, email: string | null, now: number) {
  const dates = checkDates(assertion['issuedOn'], assertion['expires'], now);
  return {
    ...EMPTY_INFO,
    badge_name: str(badge?.['name']),
    issuer_name: str(issuer?.['name']),
    issuing_date: dates.issuedOn === null ? null : new Date(dates.issuedOn).toISOString(),
    expiry_date: dates.expires === null ? null : new Date(dates.expires).toISOString(),
    badge_recipient_name: email,
    badge_expired: dates.codes.includes('E045'),
  };
}
