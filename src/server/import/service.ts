import { runBatch } from '../db/batch';
import { completionEvents } from '../notifications/events-repo';
import { newId, sha256Hex } from '../auth/tokens';
import { AppError } from '../errors';
import { commitWithJobs } from '../outbox/commit';
import { throttle } from '../http/throttle';
import { OB_PREFIX } from '../openbadges/urls';
import { ob3Urls } from '../ob3/issue/urls';
import { FetchBudget } from '../outbound/fetch';
import { parseIsoDate } from '../verdict/dates';
import { docSource } from '../verify/doc-source';
import { formatOf, formatOfJws } from '../verify/detect';
import type { VerifyInput } from '../verify/input';
import { issuerClaimedIn, type VerificationReport } from '../verdict/report';
import { verifyBadge, type VerifiedDocs } from '../verify/verify';
import { holdRecord } from '../clr/hold/service';
import { badgeClassImage } from './class-image';
import { displayImage } from './image';
import { readImportInput, type ImportRequest } from './input';
import { withSafeLinks } from './links';
import { importRepo } from './repo';

// Defined with its reader (input.ts); named here too for callers of importBadge.
export type { ImportRequest } from './input';

const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** An OB 3.0 report's endorsement verdicts as kept with the badge (issue 21), or null when it has none. */
export const endorsementsJsonOf = (r: VerificationReport): string | null =>
  r.endorsements?.length ? JSON.stringify(r.endorsements) : null;

/** The account's verified addresses (an unverified one of this account does not count, HV-06). */
export const verifiedAddresses = async (repo: ReturnType<typeof importRepo>, accountId: string) =>
  (await repo.emails(accountId)).filter((e) => e.verifiedAt !== null).map((e) => e.emailNormalized);

/** The id of an award made here that an assertion or credential id names, else null. */
function ownAssertionIdOf(env: Env, externalId: string): string | null {
  const origin = new URL(env.PUBLIC_BASE_URL).origin;
  for (const prefix of [`${origin}${OB_PREFIX}/Assertion/`, ob3Urls(env.PUBLIC_BASE_URL).credential('')])
    if (externalId.startsWith(prefix)) return externalId.slice(prefix.length);
  return null;
}

/**
 * SSRF-16: an import fetches from other hosts and writes rows; the account and the address it comes
 * from are limited before any of that work (E429100).
 */
export async function throttleImport(env: Env, accountId: string, client: string): Promise<void> {
  await throttle(env.IMPORT_LIMIT, `user:${accountId}`);
  await throttle(env.OUTBOUND_LIMIT, client);
}

/**
 * Imports a badge from another provider (spec §1 AddBadge): it must verify, and be issued to one
 * of the account's verified addresses (HV-06); then it is kept as a host assertion with its display
 * image in R2. The image is stored first and removed again (an outbox job) if the row is refused
 * as a duplicate.
 */
export async function importBadge(
  env: Env,
  accountId: string,
  r: ImportRequest,
  client: string,
  now = Date.now(),
  accept: Accepted = 'any',
): Promise<Imported> {
  await throttleImport(env, accountId, client);
  return importAfterThrottle(env, accountId, r, now, accept);
}

/**
 * What a caller takes: the wallet's own import takes both; the OB 3.0 API badges only (a record
 * is E422108), the CLR 2.0 API learner records only (a badge is E422109).
 */
export type Accepted = 'any' | 'badges' | 'records';

/** What an import made: a badge in the badge list, or (issue 38) a learner record in the certificates tab. */
export interface Imported {
  id: string;
  kind: 'badge' | 'record';
  report: VerificationReport;
}

/**
 * What a caller does not take is refused before any verification when its text already says what
 * it is (a record at the OB 3.0 API, a badge at the CLR 2.0 API): a record of 300 courses is the
 * most work the verifier does, and it would be done for nothing. A URL is known once read.
 */
function refuseEarly(input: VerifyInput, accept: Accepted) {
  if (accept === 'any' || input.kind === 'url') return;
  const format = input.kind === 'json' ? formatOf(input.doc) : formatOfJws(input.text);
  if (accept === 'badges' && format === 'clr') throw new AppError('E422108');
  if (accept === 'records' && format && format !== 'clr' && format !== 'unknown') throw new AppError('E422109');
}

/** importBadge for a caller that has already counted this import against the throttle (an archive). */
export async function importAfterThrottle(
  env: Env,
  accountId: string,
  r: ImportRequest,
  now = Date.now(),
  accept: Accepted = 'any',
): Promise<Imported> {
  const { input, raw } = readImportInput(env, r);
  refuseEarly(input, accept);
  const repo = importRepo(env.DB);
  const verified = await verifiedAddresses(repo, accountId);
  const docs: VerifiedDocs = {};
  // One budget for the whole import: the verification's fetches and the class image (SSRF-15).
  const budget = new FetchBudget();
  const report = await verifyBadge(env, input, verified, now, docSource(env, budget), docs);
  const codes = report.verify_errors_code;
  // A learner record is no badge: it is held in the certificates tab (issue 38, item 2), where
  // the caller takes records; the OB 3.0 API holds badges only.
  if (docs.format === 'clr') {
    if (accept === 'badges') throw new AppError('E422108');
    return { ...(await holdRecord(env.DB, accountId, report, docs, raw, now)), kind: 'record', report };
  }
  if (accept === 'records') throw new AppError('E422109');
  if (report.verify_state === 'unverifiable') throw new AppError('E422103');
  if (report.badge_information.revoked) throw new AppError('E422102');
  // Nothing readable at the address: a refused or missing URL, or a page that is not a badge.
  if (!docs.assertion) throw new AppError(input.kind === 'url' ? 'E400104' : 'E422100');
  if (!docs.badge) throw new AppError('E422102');
  // Not one of the verified addresses (an unverified one of this account does not count, HV-06).
  if (codes.includes('E025') || report.verify_warnings_code.includes('W001')) throw new AppError('E422101');
  // An expired badge is still the person's badge: it is imported and shown as expired.
  if (codes.some((c) => c !== 'E045')) throw new AppError('E422102');

  const dates = docs.dates ?? { issuedOn: docs.assertion['issuedOn'], expires: docs.assertion['expires'] };
  const issuedOn = parseIsoDate(dates.issuedOn) ?? now;
  // The format the verification detected (issue 36: decided once, not read again here).
  const format = docs.format ?? 'ob2';
  // An OB 3.0 credential by URL is kept as it was read there: its VC-JWT, or its JSON.
  const rawCredential = raw ?? (docs.ob3 ? (docs.ob3.jwt ?? JSON.stringify(docs.ob3.credential)) : null);
  // A VC need not have an id: then the credential itself names it (the same one twice is a duplicate).
  const externalId =
    str(docs.assertion['id']) ??
    (rawCredential ? `urn:sha256:${await sha256Hex(rawCredential)}` : `urn:sha256:${issuedOn}`);
  // A badge issued here to this account is already in its list: importing it would show it twice
  // (its OB 2.0 assertion, or its OB 3.0 credential, issue 21).
  const ownId = ownAssertionIdOf(env, externalId);
  // The refusal names the page of the badge already held, so the page can link to it (issue 35, item 7).
  if (ownId && (await repo.holdsIssued(ownId, accountId)))
    throw new AppError('E409106', { existing: `/assertions/detail/${ownId}` });
  const id = newId();
  let imageKey: string | null = null;
  // Shown with the BadgeClass's image, not the uploaded pixels (JWS-07).
  const shown = await badgeClassImage(env, docs.badge, budget);
  const display = shown ? await displayImage(env, shown.bytes, shown.type) : null;
  if (display) {
    imageKey = `host-images/${id}.png`;
    await env.BUCKET.put(imageKey, display, { httpMetadata: { contentType: 'image/png' } });
  }
  // Stored with every link that could reach a page already http(s) or null (XSS-02).
  const safe = withSafeLinks({ assertion: docs.assertion, badge: docs.badge, issuer: docs.issuer ?? {} });
  const issuer = safe.issuer;
  const insert = repo.insertStatement({
    id,
    accountId,
    externalId,
    sourceUrl: docs.url ?? null,
    assertionJson: JSON.stringify(safe.assertion),
    badgeJson: JSON.stringify(safe.badge),
    issuerJson: JSON.stringify(issuer),
    imageKey,
    name: (str(docs.badge['name']) ?? '').slice(0, 500),
    description: (str(docs.badge['description']) ?? '').slice(0, 5000),
    issuerName: (str(issuer['name']) ?? '').slice(0, 500),
    issuerUrl: str(issuer['url']),
    recipientEmail: report.badge_information.badge_recipient_name ?? '',
    issuedOn,
    expiresAt: parseIsoDate(dates.expires),
    format,
    rawCredential,
    endorsementsJson: endorsementsJsonOf(report),
    issuerClaimed: issuerClaimedIn(report),
    now,
  });
  // The row and its "process completed" notification in one batch (issue 8).
  const [written] = await runBatch(env.DB, [insert, completionEvents(env.DB).imported(accountId, id, now)]);
  if (written?.results.length !== 1) {
    // The stored image belongs to no row: an outbox job removes it.
    if (imageKey) await commitWithJobs(env, [], [{ kind: 'delete_objects', payload: { keys: [imageKey] } }]);
    const held = await repo.hostIdOf(accountId, externalId);
    throw new AppError('E409106', held ? { existing: `/assertions/host/detail/${held}` } : {});
  }
  return { id, kind: 'badge', report };
}
