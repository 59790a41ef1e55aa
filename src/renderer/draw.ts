import { initWasm, Resvg } from '@resvg/resvg-wasm';
import resvgWasm from '@resvg/resvg-wasm/index_bg.wasm';
import satori, { init } from 'satori/standalone';
import yoga from 'satori/yoga.wasm';
import { SHARE_SIZE, type DrawnCard, type FontBytes, type ShareCard } from './types';

// satori 0.30 standalone and resvg-wasm take compiled modules: workerd forbids compiling wasm
// from bytes (stack notes, gotchas 1 and 2). Initialised once per isolate, on the first drawing.
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

// resvg has no system fonts in a Worker: every generic family maps to the bundled Noto Sans, and
// resvg falls back glyph by glyph to whichever loaded slice covers a character.
const FAMILIES = { defaultFontFamily: 'Noto Sans', sansSerifFamily: 'Noto Sans', serifFamily: 'Noto Sans' };

/** Rasterises an SVG to PNG at `width` px; `fonts` draw the SVG's own `<text>` (none: no text drawn). */
export async function rasterise(svg: Uint8Array, width: number, fonts: FontBytes[]): Promise<Uint8Array> {
  await ensure();
  const font = { fontBuffers: fonts.map((f) => new Uint8Array(f.data)), ...FAMILIES };
  const out = new Resvg(svg, { fitTo: { mode: 'width', value: width }, ...(fonts.length ? { font } : {}) }).render();
  const bytes = out.asPng();
  out.free();
  return bytes;
}

/** The 1200x630 share image as PNG: satori lays out an SVG, resvg rasterises it. */
export async function drawCard(c: ShareCard, fonts: FontBytes[]): Promise<DrawnCard> {
  await ensure();
  const started = performance.now();
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
  return { png: bytes, layout: laidOut - started, raster: performance.now() - laidOut };
}
