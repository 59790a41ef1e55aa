import { newId } from '../auth/tokens';
import { AppError } from '../errors';
import { BakeError, sniffImage, unbake } from '../openbadges/baking';

/** Active content an issuer's SVG may not carry: it is served to browsers (security guide IMG-09). */
const ACTIVE_SVG =
  /<script|<foreignObject|<iframe|<embed|<object|\son[a-z]+\s*=|javascript:|vbscript:|data:text\/html|@import|<(?:image|use|a|animate|set)\b[^>]*\b(?:xlink:)?href\s*=\s*["']\s*(?!#|data:image\/)/i;

/**
 * Checks an uploaded badge or issuer image: PNG or SVG by its bytes, structurally valid (every PNG
 * chunk and CRC, no DOCTYPE in SVG), and for SVG no scripts, handlers or external references.
 * A baked image is accepted too: baking replaces what it carries.
 */
export function validateImage(bytes: Uint8Array): 'png' | 'svg' {
  const type = sniffImage(bytes);
  if (!type) throw new AppError('E415101');
  try {
    unbake(bytes);
  } catch (e) {
    if (!(e instanceof BakeError)) throw e;
    if (e.reason === 'too_large') throw new AppError('E413100', { max: 5 * 1024 });
    if (e.reason !== 'not_baked') throw new AppError('E415101');
  }
  if (type === 'svg' && ACTIVE_SVG.test(new TextDecoder().decode(bytes))) throw new AppError('E415102');
  return type;
}

/** Decodes a base64 image field; a malformed value is a field error, not a crash. */
export function decodeBase64(value: string): Uint8Array {
  try {
    const bin = atob(value.replace(/^data:[^,]*,/, '').replace(/\s+/g, ''));
    return Uint8Array.from(bin, (c) => c.charCodeAt(0));
  } catch {
    throw new AppError('E400100', {}, [{ field: 'image', key: 'validation.invalid' }]);
  }
}

/**
 * Stores an image under a fresh random key (never a client-given name: IMG-12). R2 is written
 * before D1 refers to it, so no row ever points at a missing object (FLT-06).
 */
export async function storeImage(
  bucket: R2Bucket,
  prefix: string,
  bytes: Uint8Array,
  type: 'png' | 'svg',
): Promise<string> {
  const key = `${prefix}/${newId()}.${type}`;
  await bucket.put(key, bytes, { httpMetadata: { contentType: type === 'png' ? 'image/png' : 'image/svg+xml' } });
  return key;
}
