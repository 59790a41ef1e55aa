// Badge artwork for the demo: small, valid SVGs made here (a coloured medal with a glyph), so the
// demo needs no image files and every badge class looks different. Certificate templates take PNG
// or JPEG (they are printed into PDFs), so their logo, seal and signature are drawn as PNGs here.
import { deflateSync, crc32 } from 'node:zlib';
const PALETTE = [
  '#0b5cad',
  '#0f7b5f',
  '#a23b72',
  '#b45309',
  '#4338ca',
  '#be123c',
  '#0e7490',
  '#4d7c0f',
  '#7c3aed',
  '#c2410c',
  '#1d4ed8',
  '#15803d',
];

export function badgeSvg(index, glyph) {
  const c = PALETTE[index % PALETTE.length];
  const safe = String(glyph).replace(/[<>&"']/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c}"/><stop offset="1" stop-color="#1c2430"/></linearGradient></defs><path d="M96 8h64l-8 72h-48z" fill="#9cc3ea"/><circle cx="128" cy="150" r="96" fill="url(#g)"/><circle cx="128" cy="150" r="78" fill="none" stroke="#ffffff" stroke-opacity=".5" stroke-width="4"/><text x="128" y="172" text-anchor="middle" font-family="sans-serif" font-size="64" font-weight="700" fill="#ffffff">${safe}</text></svg>`;
}

export function issuerSvg(letter, color) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128"><rect width="128" height="128" rx="24" fill="${color}"/><text x="64" y="86" text-anchor="middle" font-family="sans-serif" font-size="64" font-weight="700" fill="#fff">${letter}</text></svg>`;
}

/** A PNG (RGBA, 8 bit) from a pixel function, deflated with node's zlib: template images are PNG or JPEG. */
function pngOf(width, height, pixel) {
  const raw = Buffer.alloc(height * (1 + width * 4));
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), y * (1 + width * 4) + 1 + x * 4);
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([sig, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** A round red seal (two rings and a star), as Japanese certificates carry, 160 px. */
export function sealPng(color = '#b3261e') {
  const [r, g, b] = rgb(color);
  const c = 80;
  return pngOf(160, 160, (x, y) => {
    const d = Math.hypot(x - c, y - c);
    const angle = Math.atan2(y - c, x - c);
    const star = 26 + 16 * Math.cos(5 * angle);
    const ink = (d > 70 && d < 77) || (d > 58 && d < 62) || d < star;
    return ink ? [r, g, b, 235] : [0, 0, 0, 0];
  });
}

/** A square logo mark (a book shape on the issuer's colour), 128 px. */
export function logoPng(color) {
  const [r, g, b] = rgb(color);
  return pngOf(128, 128, (x, y) => {
    const inside = x > 8 && x < 120 && y > 8 && y < 120;
    const page = y > 36 && y < 96 && ((x > 26 && x < 62) || (x > 66 && x < 102));
    if (!inside) return [0, 0, 0, 0];
    return page ? [255, 255, 255, 255] : [r, g, b, 255];
  });
}

/** A handwritten-looking stroke for the signature line, 240x60 px. */
export function signaturePng() {
  return pngOf(240, 60, (x, y) => {
    const line = 30 + 14 * Math.sin(x / 13) * Math.cos(x / 37);
    return Math.abs(y - line) < 2.2 && x > 10 && x < 230 ? [20, 30, 60, 255] : [0, 0, 0, 0];
  });
}
