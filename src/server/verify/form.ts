import { bytesToBase64 } from '../../lib/base64';
import { CONFIG_LIMITS } from '../../lib/limits';
import { throttle } from '../http/throttle';
import { displayName } from '../share/service';
import { cachedVerification } from './cache';
import { toVerifyInput, type VerificationRequest } from './input';
import { buildReport, EMPTY_INFO, type VerificationReport } from './report';
import { verifyBadge } from './verify';

/** The recipient of a badge issued here: checked by its stored address, shown by the holder's name. */
async function issuedHere(d1: D1Database, id: string) {
  return d1
    .prepare(
      `SELECT a.recipient_email AS email, acc.first_name, acc.last_name, acc.language FROM assertions a
       LEFT JOIN accounts acc ON acc.id = a.account_id WHERE a.id = ?`,
    )
    .bind(id)
    .first<{ email: string; first_name: string | null; last_name: string | null; language: string | null }>();
}

/**
 * The verify page's form (works without JavaScript): an image, a URL, pasted JSON/JWS, or the id of
 * a badge issued here (the "Verify this badge" buttons). For a badge issued here with no address
 * given, the recipient is checked against the address it was sent to, and the report names the
 * holder instead of showing that address.
 */
export async function verifyFromForm(env: Env, form: FormData, client: string): Promise<VerificationReport | null> {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v.trim() : '';
  };
  const file = form.get('image');
  const email = text('email');
  let request: VerificationRequest | null = null;
  if (file instanceof File && file.size > 0) {
    if (file.size > CONFIG_LIMITS.badgeImageMaxBytes) return buildReport(EMPTY_INFO, {}, ['E999']);
    request = { input_type: 'image', image: bytesToBase64(new Uint8Array(await file.arrayBuffer())) };
  } else if (text('assertion_id')) request = { input_type: 'assertion_id', assertion_id: text('assertion_id') };
  else if (text('url')) request = { input_type: 'url', url: text('url') };
  else if (text('json')) request = { input_type: 'json', json: text('json') };
  if (!request) return null;
  const input = toVerifyInput(env, request);
  if (!input) return buildReport(EMPTY_INFO, {}, ['E999']);
  // SSRF-16, as on the API: only a badge issued here is read without leaving for other hosts.
  if (request.input_type !== 'assertion_id') await throttle(env.OUTBOUND_LIMIT, client);
  const own = request.input_type === 'assertion_id' && !email ? await issuedHere(env.DB, text('assertion_id')) : null;
  const emails = email ? [email] : own ? [own.email] : [];
  const report = await cachedVerification(input, emails, () => verifyBadge(env, input, emails));
  if (!own || report.items.awarded_to.status !== 'success') return report;
  const name = own.first_name ? displayName(own.first_name, own.last_name ?? '', own.language ?? 'en') : null;
  return {
    ...report,
    items: { ...report.items, awarded_to: { status: 'success', text: name } },
    badge_information: { ...report.badge_information, badge_recipient_name: name },
  };
}
