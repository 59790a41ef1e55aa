import { AppError } from '../errors';
import { BakeError, sniffImage, unbake } from '../openbadges/baking';
import { formatOf } from '../verify/detect';
import { fromBase64, toVerifyInput, type VerifyInput } from '../verify/input';
import { JSON_LIMITS } from '../verdict/safe-json';

export interface ImportRequest {
  image?: string | undefined;
  /** The image's bytes, for a caller that holds them already (an export's badge file). */
  imageBytes?: Uint8Array | undefined;
  file_name?: string | undefined;
  url?: string | undefined;
  /**
   * Credential text, pasted or read from a .json/.jwt file: a Blockcerts credential (issue 19), an
   * Open Badges 3.0 credential (issue 21) or a CLR 2.0 learner record (issue 38), as JSON or a
   * compact VC-JWT.
   */
  json?: string | undefined;
}

/** What an import verifies, and the credential text as it was given (null for a URL). */
export interface ImportInput {
  input: VerifyInput;
  raw: string | null;
}

/**
 * Reads what was given: exactly one of image, URL (spec §5) and pasted or uploaded credential text,
 * the image by its bytes (IMG-01). Text is a Blockcerts credential (issue 19), an Open Badges 3.0
 * credential as JSON or a compact VC-JWT (issue 21); an OB 2.0 assertion still comes baked or by URL.
 */
export function readImportInput(env: Env, r: ImportRequest): ImportInput {
  const given = [!!r.image || !!r.imageBytes, !!r.url?.trim(), !!r.json?.trim()].filter(Boolean).length;
  if (given !== 1) throw new AppError('E400103');
  const text = r.json?.trim();
  // Past what the verifier reads as JSON (safe-json.ts): "too large", not "no badge data".
  if (text && new TextEncoder().encode(text).length > JSON_LIMITS.maxBytes)
    throw new AppError('E413100', { max: JSON_LIMITS.maxBytes / 1024 });
  if (text) {
    const input = toVerifyInput(env, { input_type: 'json', json: text });
    // A CLR 2.0 learner record is read too (issue 38): the import decides where it may go.
    const ok =
      input?.kind === 'jws' || (input?.kind === 'json' && ['blockcerts', 'ob3', 'clr'].includes(formatOf(input.doc)));
    if (!input || !ok) throw new AppError('E422100');
    return { input, raw: text };
  }
  if (r.url?.trim()) {
    const input = toVerifyInput(env, { input_type: 'url', url: r.url });
    if (!input) throw new AppError('E400104');
    return { input, raw: null };
  }
  if (!/\.(png|svg)$/i.test(r.file_name ?? '')) throw new AppError('E415103');
  const bytes = r.imageBytes ?? fromBase64(r.image ?? '');
  if (!bytes) throw new AppError('E422100');
  if (!sniffImage(bytes)) throw new AppError('E415101');
  let payload: string;
  try {
    // OB 2.0 (openbadges) and OB 3.0 (openbadgecredential) alike; SVG's verify attribute wins.
    const found = unbake(bytes);
    payload = found.verify ?? found.payload;
  } catch (err) {
    if (err instanceof BakeError) throw new AppError('E422100');
    throw err;
  }
  // The payload is JSON, a compact JWS / VC-JWT or (legacy) a URL: the same reader tells which.
  const input = toVerifyInput(env, { input_type: 'json', json: payload });
  if (!input) throw new AppError('E422100');
  return { input, raw: input.kind === 'url' ? null : payload.trim() };
}
