import { FetchBudget } from '../outbound/fetch';
import { checkDates } from './checks/dates';
import { assertionOriginAllowed, type IssuerVerification } from './checks/origin';
import { matchRecipient } from './checks/recipient';
import { checkSignature, type KeyDocument } from './checks/signature';
import type { VerifyCode } from './codes';
import { docSource, type Doc, type DocSource } from './doc-source';
import { BadJws, parseJws, type ParsedJws } from './jws-parse';
import { buildReport, EMPTY_INFO, type VerificationReport } from './report';

/** What can be verified: a hosted assertion's URL, its JSON, or a signed badge's compact JWS. */
export type VerifyInput =
  { kind: 'url'; url: string } | { kind: 'json'; doc: Record<string, unknown> } | { kind: 'jws'; text: string };

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
const OB2_CONTEXTS = new Set(['https://w3id.org/openbadges/v2', 'https://openbadgespec.org/v2/context.json']);

/** An Open Badges 2.0 document names the v2 context (alone or first among extensions). */
function isOb2(doc: Obj): boolean {
  const ctx = doc['@context'];
  const list = Array.isArray(ctx) ? ctx : [ctx];
  return list.some((c) => typeof c === 'string' && OB2_CONTEXTS.has(c));
}

const whole = (code: VerifyCode, unverifiable = false, info = EMPTY_INFO): VerificationReport =>
  buildReport(info, {}, [code], unverifiable);

/** A failed fetch ends the verification: "could not verify now" when unreachable, else invalid. */
const failedDoc = (d: Exclude<Doc, { kind: 'ok' }>) => whole('E999', d.kind === 'unreachable');

/** An embedded object or a URL to fetch (badge and issuer may be either in OB 2.0). */
async function resolve(src: DocSource, ref: unknown): Promise<Doc> {
  if (ref && typeof ref === 'object') return { kind: 'ok', url: str((ref as Obj)['id']) ?? '', doc: ref as Obj };
  return src.get(ref);
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
  let assertion: Obj;
  let jws: ParsedJws | null = null;
  if (input.kind === 'jws') {
    try {
      jws = parseJws(input.text);
    } catch (err) {
      if (err instanceof BadJws) return whole('E999');
      throw err;
    }
    assertion = jws.payload;
  } else {
    // The hosted copy wins over any embedded one (HV-04): JSON only tells where it lives.
    const url = input.kind === 'url' ? input.url : str(input.doc['id']);
    if (!url || !/^https?:/i.test(url)) return whole('E999');
    const d = await src.get(url);
    if (d.kind === 'gone') return revoked(d.doc);
    if (d.kind !== 'ok') return failedDoc(d);
    assertion = d.doc;
    if (assertion['revoked'] === true) return revoked(assertion);
    if (str(assertion['id']) !== url && str(assertion['id']) !== d.url) return whole('E999');
  }
  if (!isOb2(assertion)) return whole('E999');
  out.assertion = assertion;
  out.url = jws ? null : str(assertion['id']);

  // The badge, and for a signed badge its key, are independent: fetched side by side.
  const verification = (assertion['verification'] ?? {}) as Obj;
  const [badgeDoc, keyDoc] = await Promise.all([
    resolve(src, assertion['badge']),
    jws ? src.get(verification['creator']) : Promise.resolve(null),
  ]);
  if (badgeDoc.kind !== 'ok') return failedDoc(badgeDoc);
  const issuerDoc = await resolve(src, badgeDoc.doc['issuer']);
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
      const list = await src.get(issuer['revocationList']);
      if (list.kind !== 'ok') return whole('E999', true, infoOf(assertion, badgeDoc.doc, issuer, null, now));
      if (isRevoked(list.doc, str(assertion['id']))) return revoked(assertion, badgeDoc.doc, issuer);
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

function isRevoked(list: Obj, id: string | null): boolean {
  const entries = Array.isArray(list['revokedAssertions']) ? list['revokedAssertions'] : [];
  return entries.some((e) => (typeof e === 'string' ? e : str((e as Obj | null)?.['id'])) === id);
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
