import { FetchBudget } from '../outbound/fetch';
import { badgeOf, datesOf, nameOf } from './bc/state';
import { resultOf } from './check';
import { CHECKS } from './checks';
import { newContext, str, type Obj, type VerifyContext } from './context';
import { checkDates } from './dates';
import { docSource, type DocSource } from './doc-source';
import type { VerifyInput } from './input';
import * as ob3 from './ob3/state';
import { buildReport, EMPTY_INFO, type CheckResult, type VerificationReport } from './report';

// Defined with the reader that makes it (input.ts); named here too for callers of verifyBadge.
export type { VerifyInput } from './input';

/** The documents a verification read: the import stores them with the badge. */
export interface VerifiedDocs {
  assertion?: Obj;
  badge?: Obj;
  issuer?: Obj | null;
  /** Where the hosted assertion was found (null for a signed badge or a Blockcerts credential). */
  url?: string | null;
  /** A Blockcerts credential's issue and expiry dates (its own property names differ from OB 2.0). */
  dates?: { issuedOn: unknown; expires: unknown };
  /** An Open Badges 3.0 credential (issue 21): the credential, and its compact VC-JWT when it came as one. */
  ob3?: { credential: Obj; jwt: string | null };
}

/**
 * Verifies an Open Badges 2.0 assertion (or a Blockcerts or OB 3.0 credential) the way the standard describes: every check of
 * checks/index.ts runs, in order, and each reports (architecture rule 4). The report maps their
 * codes onto the spec's four items.
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
  const ctx = newContext(input, emails, now, src, env);
  const results: CheckResult[] = [];
  let unverifiable = false;
  for (const check of CHECKS) {
    const found = await check.run(ctx);
    if (found.outcome === 'fail' && found.unverifiable) unverifiable = true;
    results.push(resultOf(check, found));
  }
  if (ctx.assertion) {
    out.assertion = ctx.assertion;
    out.url = ctx.jws ? null : str(ctx.assertion['id']);
  }
  if (ctx.badge) out.badge = ctx.badge;
  if (ctx.badge) out.issuer = ctx.issuer;
  if (ctx.bc) {
    // A Blockcerts credential is kept whole, with a badge to show and its issuer once verified.
    out.assertion = ctx.bc.doc;
    out.url = null;
    out.badge = badgeOf(ctx.bc);
    out.issuer = ctx.issuer;
    out.dates = datesOf(ctx.bc);
  }
  if (ctx.ob3) fillOb3(ctx.ob3, out);
  const report = reportOf(ctx, results, unverifiable);
  return ctx.ob3?.endorsements.length ? { ...report, endorsements: ctx.ob3.endorsements } : report;
}

/**
 * An OB 3.0 credential on the shapes the wallet keeps (shared contract of issue 21): the credential
 * as the assertion, its achievement as the badge class, its issuer profile, its dates, where it was
 * fetched, and the credential with its VC-JWT.
 */
function fillOb3(s: ob3.Ob3State, out: VerifiedDocs) {
  out.assertion = s.credential;
  out.badge = ob3.badgeOf(s.credential);
  out.issuer = ob3.issuerOf(s.credential);
  out.dates = ob3.datesOf(s.credential);
  out.url = s.url;
  out.ob3 = { credential: s.credential, jwt: s.jwt };
}

/**
 * The spec's report from what the checks found. The issuer's name is shown only when nothing
 * failed about the issuer or the signature (E168, E169, E177, E179): a name from a profile that was not
 * verified is not shown.
 */
function reportOf(ctx: VerifyContext, results: CheckResult[], unverifiable: boolean): VerificationReport {
  const codes = results.flatMap((r) => (r.code ? [r.code] : []));
  const dated = ctx.ob3
    ? (ob3.datesOf(ctx.ob3.credential) as Obj)
    : ctx.bc
      ? (datesOf(ctx.bc) as Obj)
      : (ctx.assertion ?? (ctx.revoked ? ctx.found : null));
  // A name from an issuer that was not verified is not shown (OB 3.0: its key not found either),
  // nor one from a document altered after signing (E179: the name is only what it says now).
  const issuerTrusted = !codes.some((c) => c === 'E168' || c === 'E169' || c === 'E177' || c === 'E179');
  const issuer = ctx.ob3 ? ob3.issuerOf(ctx.ob3.credential) : ctx.issuer;
  const dates = dated ? checkDates(dated['issuedOn'], dated['expires'], ctx.now) : null;
  const info = {
    ...EMPTY_INFO,
    badge_name: ctx.ob3 ? ob3.nameOf(ctx.ob3.credential) : ctx.bc ? nameOf(ctx.bc) : str(ctx.badge?.['name']),
    issuer_name: issuerTrusted ? str(issuer?.['name']) : null,
    issuing_date: dates?.issuedOn == null ? null : new Date(dates.issuedOn).toISOString(),
    expiry_date: dates?.expires == null ? null : new Date(dates.expires).toISOString(),
    badge_recipient_name: ctx.recipient,
    badge_expired: codes.includes('E045'),
    revoked: ctx.revoked !== null,
    revocation_reason: ctx.revoked?.reason ?? null,
  };
  const texts = {
    issued_by: info.issuer_name,
    issued_on: info.issuing_date,
    awarded_to: ctx.recipient,
    expires_on: info.expiry_date,
  };
  return buildReport(info, texts, codes, unverifiable, results);
}
