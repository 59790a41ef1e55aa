import { bytesToBase64 } from '../../lib/base64';
import { ByteMemo } from '../openbadges/memo';
import { svgToPng } from './render';

/** Badge images at the size cards and certificates draw them (public bytes, per isolate). */
const memo = new ByteMemo(4 * 1024 * 1024);
export const BADGE_PNG_SIZE = 300;
/** Part of every raster's key: bumped when rasterising changes (2: an SVG's own text is drawn). */
const RASTER_VERSION = 2;

/**
 * A badge class image as a 300 px PNG, for the share image and the PDF. Issuers upload images of
 * any size (a 256 KB PNG took 100 ms to decode and scale inside every share render), and the PDF
 * cannot embed SVG, so each image is rasterised once with resvg and kept in R2 beside the original.
 * Stored SVGs are sanitised (IMG-09), so rasterising runs no active content.
 */
export async function badgePng(
  env: Env,
  imageKey: string | null,
  imageType: 'png' | 'svg' | null,
  waitUntil: (p: Promise<unknown>) => void,
): Promise<Uint8Array | null> {
  if (!imageKey || !imageType) return null;
  const key = `raster/${imageKey}-${BADGE_PNG_SIZE}-v${RASTER_VERSION}.png`;
  const hit = memo.get(key) ?? (await env.BUCKET.get(key).then((o) => o?.arrayBuffer()));
  if (hit) return new Uint8Array(hit);
  const source = await env.BUCKET.get(imageKey);
  if (!source) return null;
  const bytes = new Uint8Array(await source.arrayBuffer());
  const svg =
    imageType === 'svg'
      ? bytes
      : new TextEncoder().encode(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${BADGE_PNG_SIZE}" height="${BADGE_PNG_SIZE}">` +
            `<image href="data:image/png;base64,${bytesToBase64(bytes)}" width="${BADGE_PNG_SIZE}" height="${BADGE_PNG_SIZE}" preserveAspectRatio="xMidYMid meet"/></svg>`,
        );
  const png = await svgToPng(env, svg, BADGE_PNG_SIZE, true).catch(() => null);
  if (!png) return imageType === 'png' ? bytes : null;
  const out = new Uint8Array(png);
  memo.set(key, out);
  waitUntil(env.BUCKET.put(key, out, { httpMetadata: { contentType: 'image/png' } }));
  return out;
}

export const pngDataUrl = (png: Uint8Array) => `data:image/png;base64,${bytesToBase64(png)}`;
