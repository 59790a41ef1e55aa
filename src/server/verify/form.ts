import { bytesToBase64 } from '../../lib/base64';
import { CONFIG_LIMITS } from '../../lib/limits';
import type { VerificationRequest } from './input';
import { buildReport, EMPTY_INFO, type VerificationReport } from '../verdict/report';
import { verifyRequest } from './service';

/**
 * The verify page's form (works without JavaScript): an image, a certificate PDF or a JSON file, a URL, pasted JSON/JWS, or the id of
 * a badge issued here (the "Verify this badge" buttons, before their island has loaded).
 */
export async function verifyFromForm(
  env: Env,
  form: FormData,
  client: string,
  viewer: string | null = null,
): Promise<VerificationReport | null> {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v.trim() : '';
  };
  const file = form.get('image');
  const email = text('email');
  let request: VerificationRequest | null = null;
  if (file instanceof File && file.size > 0) {
    if (file.size > CONFIG_LIMITS.badgeImageMaxBytes) return buildReport(EMPTY_INFO, {}, ['E999']);
    const bytes = new Uint8Array(await file.arrayBuffer());
    // One file field takes a baked image, a certificate PDF (issue 18) or a Blockcerts JSON file
    // (issue 19), told apart by their bytes.
    const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
    request = head.includes('%PDF-')
      ? { input_type: 'pdf', pdf: bytesToBase64(bytes) }
      : /^\s*\{/.test(head)
        ? { input_type: 'json', json: new TextDecoder().decode(bytes) }
        : { input_type: 'image', image: bytesToBase64(bytes) };
  } else if (text('assertion_id')) request = { input_type: 'assertion_id', assertion_id: text('assertion_id') };
  // An imported badge's button without JavaScript (an OB 3.0 one is checked as stored, issue 21):
  // a public one, or the signed-in viewer's own private one.
  else if (text('host_assertion_id') && !email)
    request = { input_type: 'host_assertion_id', host_assertion_id: text('host_assertion_id') };
  else if (text('record_id') && !email) request = { input_type: 'record_id', record_id: text('record_id') };
  else if (text('url')) request = { input_type: 'url', url: text('url') };
  else if (text('json')) request = { input_type: 'json', json: text('json') };
  if (!request) return null;
  return verifyRequest(env, request, email ? [email] : [], client, viewer);
}
