import { str } from '../openbadges/verify/json';
import { FetchBudget } from '../outbound/fetch';
import { checkDates } from '../verdict/dates';
import type { Presented, VerifiedDocs } from '../verdict/present';
import { buildReport, EMPTY_INFO, type CheckResult, type VerificationReport } from '../verdict/report';
import type { DocSource, VerifyInput } from '../verdict/source';
import { detect } from './detect';
import { docSource } from './doc-source';
import { verifyDetected } from './formats';

// Named here too for callers of verifyBadge.
export type { VerifyInput } from '../verdict/source';
export type { VerifiedDocs } from '../verdict/present';

/**
 * Verifies an Open Badges 2.0 assertion, a Blockcerts credential, an Open Badges 3.0 credential or a
 * CLR 2.0 learner record (issue 38) the way its standard describes: detection decides the format
 * once, that format's steps run in order and each reports (architecture rule 4), and the report
 * maps their codes onto the spec's four items.
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
  const detected = await detect(input, src);
  const { results, unverifiable, shown } = await verifyDetected(detected, { env, emails, now, src });
  if (shown && detected.format !== 'refused') Object.assign(out, shown.docs, { format: detected.format });
  const report = reportOf(shown, results, unverifiable, now);
  return {
    ...report,
    ...(shown?.endorsements.length ? { endorsements: shown.endorsements } : {}),
    ...(shown?.clr ? { clr: shown.clr } : {}),
  };
}

/**
 * The spec's report from what the steps found. The issuer's name is shown only when nothing
 * failed about the issuer or the signature (E168, E169, E177, E179): a name from a profile that
 * was not verified is not shown (OB 3.0: its key not found either), nor one from a document altered
 * after signing (E179: the name is only what it says now).
 */
function reportOf(
  shown: Presented | null,
  results: CheckResult[],
  unverifiable: boolean,
  now: number,
): VerificationReport {
  const codes = results.flatMap((r) => (r.code ? [r.code] : []));
  const issuerTrusted = !codes.some((c) => c === 'E168' || c === 'E169' || c === 'E177' || c === 'E179');
  const dates = shown?.dates ? checkDates(shown.dates.issuedOn, shown.dates.expires, now) : null;
  const recipient = shown?.recipient ?? null;
  const info = {
    ...EMPTY_INFO,
    badge_name: shown?.badgeName ?? null,
    issuer_name: issuerTrusted ? str(shown?.issuer?.['name']) : null,
    issuing_date: dates?.issuedOn == null ? null : new Date(dates.issuedOn).toISOString(),
    expiry_date: dates?.expires == null ? null : new Date(dates.expires).toISOString(),
    badge_recipient_name: recipient,
    badge_expired: codes.includes('E045'),
    revoked: (shown?.revoked ?? null) !== null,
    revocation_reason: shown?.revoked?.reason ?? null,
  };
  const texts = {
    issued_by: info.issuer_name,
    issued_on: info.issuing_date,
    awarded_to: recipient,
    expires_on: info.expiry_date,
  };
  return buildReport(info, texts, codes, unverifiable, results);
}
