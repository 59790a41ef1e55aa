import { hostedService } from '../hosted/service';
import { throttle } from '../http/throttle';
import { displayName } from '../share/service';
import { cachedVerification } from './cache';
import { fromText, toVerifyInput, type VerificationRequest, type VerifyInput } from './input';
import { ALTERED, ownAssertionId, pdfVerifyInput } from './pdf/input';
import { alteredReport, buildReport, EMPTY_INFO, type VerificationReport } from '../verdict/report';
import { verifyRepo, type IssuedAssertion, type IssuedRecipient } from './repo';
import { verifyBadge } from './verify';
import { viewableRecord } from '../clr/hold/service';

/**
 * One verification as the API, the verify page and the badge pages' island ask for it. Anything
 * but a badge issued here may fetch from other hosts, so it counts against the client's outbound
 * limit (SSRF-16). For a badge issued here with no address given, the recipient is checked against
 * the address it was sent to, and the report names the holder instead of showing that address;
 * the same holds for a public imported badge, checked at its source against the address it was
 * imported for (a verified address of its holder), which the answer never shows. `viewer` is the
 * signed-in account, if any: its own private imported badges are verified by id too. An academic
 * document issued here is marked as one (`certificate`), and names its holder as the document
 * does, in its own script, not by the wallet's name (issue 35).
 */
export async function verifyRequest(
  env: Env,
  request: VerificationRequest,
  emails: string[],
  client: string,
  viewer: string | null = null,
): Promise<VerificationReport> {
  const resolved = await resolve(env, request, emails, viewer);
  if (!resolved) return buildReport(EMPTY_INFO, {}, ['E999']);
  // A PDF whose attached signed credential no longer reads: nothing of it can be verified (E179).
  if (resolved === ALTERED) return alteredReport('readPdfCredential');
  const { input, own, issued } = resolved;
  if (request.input_type !== 'assertion_id') await throttle(env.OUTBOUND_LIMIT, client);
  const checked = own ? [own.email] : emails;
  const verified = await cachedVerification(input, checked, () => verifyBadge(env, input, checked));
  const report = issued?.documentKind ? { ...verified, certificate: { kind: issued.documentKind } } : verified;
  if (!own || report.items.awarded_to.status !== 'success') return report;
  const name = holderName(own);
  return {
    ...report,
    items: { ...report.items, awarded_to: { status: 'success', text: name } },
    badge_information: { ...report.badge_information, badge_recipient_name: name },
  };
}

/**
 * Whom a report issued here names: a document's own name field as its issuer wrote it (the name
 * its page shows, "山田 花子"), a badge's holder by their wallet name; null without either.
 */
function holderName(own: IssuedRecipient | IssuedAssertion): string | null {
  if ('documentName' in own && own.documentName) return own.documentName;
  return own.firstName ? displayName(own.firstName, own.lastName ?? '', own.language ?? 'en') : null;
}

/**
 * What to verify, and whose badge it is when this wallet knows (the holder is then checked). An
 * imported badge by id: a public one, or a private one of the signed-in `viewer` (issue 21).
 * `issued` is the badge or document issued here, found whether or not an address was given.
 */
async function resolve(
  env: Env,
  request: VerificationRequest,
  emails: string[],
  viewer: string | null,
): Promise<
  { input: VerifyInput; own: IssuedRecipient | null; issued: IssuedAssertion | null } | typeof ALTERED | null
> {
  const repo = verifyRepo(env.DB);
  // A held learner record (issue 38) is verified afresh as it was received: a public one, or one
  // of the signed-in viewer's own; its page sends only its id, not the record itself.
  if (request.input_type === 'record_id') {
    const row = request.record_id ? await viewableRecord(env.DB, request.record_id, viewer) : null;
    const input = row ? fromText(row.raw) : null;
    return input ? { input, own: null, issued: null } : null;
  }
  if (request.input_type === 'host_assertion_id') {
    const host = request.host_assertion_id ? await repo.hostRecipient(request.host_assertion_id, viewer) : null;
    // An OB 3.0 credential is verified as it was received (issue 21); a hosted 2.0 badge at its URL.
    const input: VerifyInput | null =
      host?.sourceUrl && host.format !== 'ob3'
        ? { kind: 'url', url: host.sourceUrl }
        : host?.rawCredential
          ? fromText(host.rawCredential)
          : null;
    if (!host || !input) return null;
    return { input, own: emails.length === 0 ? host : null, issued: null };
  }
  const input =
    request.input_type === 'pdf'
      ? await pdfVerifyInput(request.pdf ?? '')
      : (request.input_type === 'assertion_id' && (await signedById(env, request.assertion_id))) ||
        toVerifyInput(env, request);
  if (input === ALTERED) return ALTERED;
  if (!input) return null;
  // A badge or certificate issued here, given by id or carried by its PDF, is checked against the
  // address it was sent to when no address is given.
  const ownId =
    request.input_type === 'assertion_id'
      ? request.assertion_id
      : request.input_type === 'pdf'
        ? ownAssertionId(env, input)
        : null;
  const issued = ownId ? await repo.issuedRecipient(ownId) : null;
  return { input, own: emails.length === 0 ? issued : null, issued };
}

/** A signed badge or certificate issued here, given by id, is verified as the JWS it is signed as. */
async function signedById(env: Env, id: string | undefined): Promise<VerifyInput | null> {
  const jws = id ? await hostedService(env).signedCopy(id) : null;
  return jws ? { kind: 'jws', text: jws } : null;
}
