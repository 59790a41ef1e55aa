import type { ShareCard } from '../../renderer/types';
import { fontsFor } from '../fonts/load';

export type { ShareCard } from '../../renderer/types';

/** The characters an SVG draws as text (its text nodes, character references decoded), or null. */
export function svgText(svg: Uint8Array): string | null {
  const source = new TextDecoder().decode(svg);
  if (!/<(?:[\w-]+:)?text[\s>]/.test(source)) return null;
  return source.replace(/<[^>]*>/g, '').replace(/&#(x?)([0-9a-f]{1,6});/gi, (_, hex: string, n: string) => {
    const cp = parseInt(n, hex ? 16 : 10);
    return cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
  });
}

/**
 * Rasterises an SVG to PNG through the renderer Worker (the PDF certificate cannot embed SVG, and an
 * imported SVG is kept only as pixels). With `drawText`, the bundled fonts that cover the SVG's own
 * `<text>` go with it, so an issuer's lettering survives; an SVG without text sends none.
 */
export async function svgToPng(env: Env, svg: Uint8Array, width: number, drawText = false): Promise<Uint8Array> {
  const text = drawText ? svgText(svg) : null;
  const fonts = text === null ? [] : await fontsFor(env, text, 'en');
  return env.RENDERER.svgToPng(svg, width, fonts);
}

/**
 * Renders the 1200x630 share image as PNG in the renderer Worker, with the fonts its text needs.
 * `timings` gets fonts (choosing and loading them here), layout and raster (in the renderer) and
 * rpc (the rest of the call: the service binding's own cost), reported as Server-Timing.
 */
export async function renderShareImage(
  env: Env,
  c: ShareCard,
  timings: Record<string, number> = {},
): Promise<Uint8Array> {
  const started = performance.now();
  const fonts = await fontsFor(env, `${c.badge}${c.issuer}${c.recipient}Lanyard…`, c.lang);
  const loaded = performance.now();
  const drawn = await env.RENDERER.shareCard(c, fonts);
  const rpc = performance.now() - loaded - drawn.layout - drawn.raster;
  Object.assign(timings, {
    fonts: loaded - started,
    layout: drawn.layout,
    raster: drawn.raster,
    rpc: Math.max(0, rpc),
  });
  return drawn.png;
}
