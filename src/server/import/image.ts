import { svgToPng } from '../share/render';

/**
 * The display image kept for an imported badge. A PNG is kept as it is (served sandboxed, with
 * nosniff); an SVG from elsewhere is rasterised to PNG, so nothing active it may carry survives
 * (IMG-09: "rasterised, or sanitised").
 */
export async function displayImage(
  env: Env,
  bytes: Uint8Array,
  type: 'png' | 'svg',
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (type === 'png') return new Uint8Array(bytes);
  const png = await svgToPng(env, bytes, 300).catch(() => null);
  return png ? new Uint8Array(png) : null;
}
