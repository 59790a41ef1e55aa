import { AppError } from '../errors';
import { OB_PREFIX } from '../openbadges/urls';
import { fromBase64, fromText, type VerifyInput } from './input';
import { attachedCredentials } from './pdf-credential';

/**
 * What a certificate PDF carries, to be verified exactly as that credential would be on its own:
 * its attached signed credential (a compact JWS) or, failing that, another attachment that is one.
 * A PDF with nothing verifiable attached, or bytes that are no PDF, is E422100 ("no badge data").
 */
export async function pdfVerifyInput(b64: string): Promise<VerifyInput> {
  const bytes = fromBase64(b64);
  for (const text of bytes ? await attachedCredentials(bytes) : []) {
    const input = fromText(text);
    if (input) return input;
  }
  throw new AppError('E422100');
}

/**
 * The id of an assertion issued here that a signed credential names (read before its signature is
 * checked: it only chooses whose address the recipient check uses; a changed payload fails anyway).
 */
export function ownAssertionId(env: Pick<Env, 'PUBLIC_BASE_URL'>, input: VerifyInput): string | null {
  if (input.kind !== 'jws') return null;
  try {
    const payload = input.text.split('.')[1] ?? '';
    const json = new TextDecoder().decode(
      Uint8Array.from(atob(payload.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)),
    );
    const id = (JSON.parse(json) as { id?: unknown }).id;
    const prefix = `${new URL(env.PUBLIC_BASE_URL).origin}${OB_PREFIX}/Assertion/`;
    return typeof id === 'string' && id.startsWith(prefix) ? id.slice(prefix.length) || null : null;
  } catch {
    return null;
  }
}
