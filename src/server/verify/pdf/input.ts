import { AppError } from '../../errors';
import { OB_PREFIX } from '../../openbadges/urls';
import { fromBase64, fromText, type VerifyInput } from '../input';
import { jwsReadable, readCompact } from '../../openbadges/verify/jws-parse';
import type { AttachedFile } from './attachments';

/** A PDF whose signed credential is attached but no longer reads as one: altered or damaged (E179). */
export const ALTERED = 'altered';

/**
 * A signed attachment as the credential it is, or null when it no longer reads as one. A JWS is
 * read here once (readCompact keeps it for the signature step) and carries its claims on.
 */
function signedInput(f: AttachedFile): VerifyInput | null {
  const input = f.text === null ? null : fromText(f.text);
  if (input?.kind !== 'jws') return input;
  const read = jwsReadable(input.text) ? readCompact(input.text) : null;
  return read ? { ...input, claims: read.payload } : null;
}

/**
 * What a certificate PDF carries, to be verified exactly as that credential would be on its own:
 * its attached signed credential (a compact JWS) or, when it has none, another attachment that is
 * one. A signed attachment that no longer reads (its stream does not inflate, or its text is no
 * JWS any more) is ALTERED: the PDF's unsigned copy beside it is not verified in its place, as it
 * would only fail for being unsigned (E983). A PDF with nothing verifiable attached, or bytes that
 * are no PDF, is E422100 ("no badge data").
 */
export async function pdfVerifyInput(b64: string): Promise<VerifyInput | typeof ALTERED> {
  const bytes = fromBase64(b64);
  // The PDF reader is loaded on first use (issue 37), out of every other request's start-up.
  const files = bytes ? await (await import('./attachments')).attachedFiles(bytes) : [];
  for (const f of files.filter((x) => x.signed)) {
    const input = signedInput(f);
    if (input) return input;
  }
  if (files.some((f) => f.signed)) return ALTERED;
  for (const f of files) {
    const input = f.text === null ? null : fromText(f.text);
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
  // The attachment was read when the PDF was (signedInput): these are its claims.
  const id = (input.claims ?? readCompact(input.text)?.payload)?.['id'];
  const prefix = `${new URL(env.PUBLIC_BASE_URL).origin}${OB_PREFIX}/Assertion/`;
  return typeof id === 'string' && id.startsWith(prefix) ? id.slice(prefix.length) || null : null;
}
