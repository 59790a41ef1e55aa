import { initWasm, Resvg } from '@resvg/resvg-wasm';
import resvgWasm from '@resvg/resvg-wasm/index_bg.wasm';
import satori, { init } from 'satori/standalone';
import yoga from 'satori/yoga.wasm';
import { fontsFor } from '../fonts/load';

export interface ShareCard {
  badge: string;
  issuer: string;
  recipient: string;
  /** The badge image as a data URL, or null for the default mark. */
  image: string | null;
  lang: string;
}

export const SHARE_SIZE = { width: 1200, height: 630 } as const;

// satori 0.30 standalone and resvg-wasm take compiled modules: workerd forbids compiling wasm
// from bytes (stack notes, gotchas 1 and 2). Initialised once per isolate.
let ready: Promise<unknown> | null = null;
const ensure = () =>
  (ready ??= Promise.all([init(yoga), initWasm(resvgWasm)]).catch((err: unknown) => {
    ready = null;
    throw err;
  }));

type Node = { type: string; props: Record<string, unknown> };
const h = (type: string, style: Record<string, unknown>, ...children: (Node | string)[]): Node => ({
  type,
  // satori lays out with flexbox only: every box is a flex container.
  props: { style: { display: 'flex', ...style }, children: children.length === 1 ? children[0] : children },
});

const clip = (text: string, max: number) =>
  [...text].length > max ? `${[...text].slice(0, max - 1).join('')}…` : text;

/** The card's layout: badge image on the left; badge name, issuer and recipient on the right. */
function card(c: ShareCard, families: string): Node {
  const image: Node = c.image
    ? { type: 'img', props: { src: c.image, width: 300, height: 300, style: { objectFit: 'contain' } } }
    : h('div', { width: 300, height: 300, borderRadius: 150, background: '#0b5cad' });
  return h(
    'div',
    {
      width: '100%',
      height: '100%',
      display: 'flex',
      alignItems: 'center',
      background: '#eef3f9',
      padding: 72,
      fontFamily: families,
      color: '#1f2937',
    },
    image,
    h(
      'div',
      { display: 'flex', flexDirection: 'column', marginLeft: 64, flex: 1 },
      h('div', { fontSize: 60, fontWeight: 700, lineHeight: 1.15 }, clip(c.badge, 70)),
      h('div', { fontSize: 34, color: '#475569', marginTop: 24 }, clip(c.issuer, 60)),
      h('div', { width: 120, height: 6, background: '#0b5cad', marginTop: 36, marginBottom: 36 }),
      h('div', { fontSize: 40, fontWeight: 700 }, clip(c.recipient, 50)),
    ),
    h(
      'div',
      { position: 'absolute', right: 48, bottom: 32, fontSize: 26, color: '#0b5cad', fontWeight: 700 },
      'Lanyard',
    ),
  );
}

/** The characters an SVG draws as text (its text nodes, character references decoded), or null. */
export function svgText(svg: Uint8Array): string | null {
  const source = new TextDecoder().decode(svg);
  if (!/<(?:[\w-]+:)?text[\s>]/.test(source)) return null;
  return source.replace(/<[^>]*>/g, '').replace(/&#(x?)([0-9a-f]{1,6});/gi, (_, hex: string, n: string) => {
    const cp = parseInt(n, hex ? 16 : 10);
    return cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
  });
}

// resvg has no system fonts in a Worker: every generic family maps to the bundled Noto Sans, and
// resvg falls back glyph by glyph to whichever loaded slice covers a character.
const FAMILIES = { defaultFontFamily: 'Noto Sans', sansSerifFamily: 'Noto Sans', serifFamily: 'Noto Sans' };

/**
 * Rasterises an SVG badge image to PNG (the PDF certificate cannot embed SVG). Given `env`, the
 * bundled fonts that cover the SVG's own `<text>` are loaded, so an issuer's lettering survives;
 * an SVG without text loads none.
 */
export async function svgToPng(svg: Uint8Array, width: number, env?: Env): Promise<Uint8Array> {
  await ensure();
  const text = env ? svgText(svg) : null;
  const fonts = text === null || !env ? [] : await fontsFor(env, text, 'en');
  const font = { fontBuffers: fonts.map((f) => new Uint8Array(f.data)), ...FAMILIES };
  const out = new Resvg(svg, { fitTo: { mode: 'width', value: width }, ...(fonts.length ? { font } : {}) }).render();
  const bytes = out.asPng();
  out.free();
  return bytes;
}

/** Renders the 1200x630 share image as PNG: satori lays out an SVG, resvg rasterises it. */
export async function renderShareImage(
  env: Env,
  c: ShareCard,
  timings: Record<string, number> = {},
): Promise<Uint8Array> {
  const started = performance.now();
  await ensure();
  const text = `${c.badge}${c.issuer}${c.recipient}Lanyard…`;
  const fonts = await fontsFor(env, text, c.lang);
  const loaded = performance.now();
  // Each slice is its own family, listed in order: satori falls back glyph by glyph along the list
  // (slices sharing one family name would be collapsed to the first).
  const names = fonts.map((_, i) => `f${i}`);
  const svg = await satori(card(c, names.join(', ')) as never, {
    ...SHARE_SIZE,
    fonts: fonts.map((f, i) => ({
      name: names[i] ?? 'f0',
      data: f.data,
      weight: 700 as const,
      style: 'normal' as const,
    })),
  });
  const laidOut = performance.now();
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: SHARE_SIZE.width } }).render();
  const bytes = png.asPng();
  png.free();
  // Reported as Server-Timing, so the benchmark (and anyone) sees where a render spends its time.
  Object.assign(timings, { fonts: loaded - started, layout: laidOut - loaded, raster: performance.now() - laidOut });
  return bytes;
}
