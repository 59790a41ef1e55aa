import { newId } from '../auth/tokens';
import { AppError } from '../errors';
import { BakeError, sniffImage, unbake } from '../openbadges/baking';

/**
 * Checks an uploaded badge or issuer image: PNG or SVG by its bytes and structurally valid (every
 * PNG chunk and CRC; no DOCTYPE in SVG). What an SVG may draw is decided when it is stored.
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
  return type;
}

/** Decodes a base64 image field; a malformed value is a field error, not a crash. */
export function decodeBase64(value: string, field = 'image'): Uint8Array {
  try {
    const bin = atob(value.replace(/^data:[^,]*,/, '').replace(/\s+/g, ''));
    return Uint8Array.from(bin, (c) => c.charCodeAt(0));
  } catch {
    throw new AppError('E400100', {}, [{ field, key: 'validation.invalid' }]);
  }
}

/**
 * Stores an image under a fresh random key (never a client-given name: IMG-12). R2 is written
 * before D1 refers to it, so no row ever points at a missing object (FLT-06). An SVG is stored as
 * the sanitiser rebuilt it, never as uploaded: it is served to browsers and baked into every
 * assertion image (IMG-09, IMG-20).
 */
export async function storeImage(
  bucket: R2Bucket,
  prefix: string,
  bytes: Uint8Array,
  type: 'png' | 'svg',
): Promise<string> {
  // The XML parser (and its entity tables, frozen at load) is loaded only for an SVG (issue 37).
  const body = type === 'svg' ? (await import('../images/svg-sanitise')).sanitiseSvg(bytes) : bytes;
  if (!body) throw new AppError('E415101');
  const key = `${prefix}/${newId()}.${type}`;
  await bucket.put(key, body, { httpMetadata: { contentType: type === 'png' ? 'image/png' : 'image/svg+xml' } });
  return key;
}
