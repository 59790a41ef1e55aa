import { throttle } from '../http/throttle';
import { displayName } from '../share/service';
import { cachedVerification } from './cache';
import { toVerifyInput, type VerificationRequest, type VerifyInput } from './input';
import { buildReport, EMPTY_INFO, type VerificationReport } from './report';
import { verifyRepo, type IssuedRecipient } from './repo';
import { verifyBadge } from './verify';

/**
 * One verification as the API, the verify page and the badge pages' island ask for it. Anything
 * but a badge issued here may fetch from other hosts, so it counts against the client's outbound
 * limit (SSRF-16). For a badge issued here with no address given, the recipient is checked against
 * the address it was sent to, and the report names the holder instead of showing that address;
 * the same holds for a public imported badge, checked at its source against the address it was
 * imported for (a verified address of its holder), which the answer never shows.
 */
export async function verifyRequest(
  env: Env,
  request: VerificationRequest,
  emails: string[],
  client: string,
): Promise<VerificationReport> {
  const resolved = await resolve(env, request, emails);
  if (!resolved) return buildReport(EMPTY_INFO, {}, ['E999']);
  const { input, own } = resolved;
  if (request.input_type !== 'assertion_id') await throttle(env.OUTBOUND_LIMIT, client);
  const checked = own ? [own.email] : emails;
  const report = await cachedVerification(input, checked, () => verifyBadge(env, input, checked));
  if (!own || report.items.awarded_to.status !== 'success') return report;
  const name = own.firstName ? displayName(own.firstName, own.lastName ?? '', own.language ?? 'en') : null;
  return {
    ...report,
    items: { ...report.items, awarded_to: { status: 'success', text: name } },
    badge_information: { ...report.badge_information, badge_recipient_name: name },
  };
}

/** What to verify, and whose badge it is when this wallet knows (the holder is then checked). */
async function resolve(
  env: Env,
  request: VerificationRequest,
  emails: string[],
): Promise<{ input: VerifyInput; own: IssuedRecipient | null } | null> {
  const repo = verifyRepo(env.DB);
  if (request.input_type === 'host_assertion_id') {
    const host = request.host_assertion_id ? await repo.publicHostRecipient(request.host_assertion_id) : null;
    if (!host) return null;
    return { input: { kind: 'url', url: host.sourceUrl }, own: emails.length === 0 ? host : null };
  }
  const input = toVerifyInput(env, request);
  if (!input) return null;
  const own =
    request.input_type === 'assertion_id' && emails.length === 0 && request.assertion_id
      ? await repo.issuedRecipient(request.assertion_id)
      : null;
  return { input, own };
}
