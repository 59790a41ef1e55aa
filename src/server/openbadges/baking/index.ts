import { BakeError, type Unbaked } from './errors';
import { bakeOb3Png, bakePng, isPng, unbakePng } from './png';
import { bakeOb3Svg, bakeSvg, isSvgText, unbakeSvg } from './svg';

export { BakeError, LIMITS, type BakeFailure, type Unbaked } from './errors';
export { bakeOb3Png } from './png';
export { bakeOb3Svg } from './svg';

/** Decides PNG or SVG from the bytes themselves, never from a name or a declared type (IMG-01). */
export function sniffImage(bytes: Uint8Array): 'png' | 'svg' | null {
  if (isPng(bytes)) return 'png';
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 1024));
  return isSvgText(head) ? 'svg' : null;
}

/** Reads the badge an image carries, whichever of the two formats it is. */
export function unbake(bytes: Uint8Array): Unbaked {
  const type = sniffImage(bytes);
  if (type === 'png') return unbakePng(bytes);
  if (type === 'svg') return unbakeSvg(bytes);
  throw new BakeError('unsupported_type');
}

/**
 * Bakes a badge into a PNG or SVG image. A hosted badge gives its assertion URL and JSON; a signed
 * badge gives its compact JWS as `verify` and no JSON.
 */
export function bake(bytes: Uint8Array, badge: { verify: string; json?: string }): Uint8Array<ArrayBuffer> {
  const type = sniffImage(bytes);
  if (type === 'png') return bakePng(bytes, badge.json ?? badge.verify);
  if (type === 'svg') return bakeSvg(bytes, badge);
  throw new BakeError('unsupported_type');
}

/** OB 3.0: bakes a credential (JSON text or compact VC-JWT) into a PNG or SVG, by the bytes' type. */
export function bakeOb3(bytes: Uint8Array, credential: string): Uint8Array<ArrayBuffer> {
  const type = sniffImage(bytes);
  if (type === 'png') return bakeOb3Png(bytes, credential);
  if (type === 'svg') return bakeOb3Svg(bytes, credential);
  throw new BakeError('unsupported_type');
}
