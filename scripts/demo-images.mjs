// Badge artwork for the demo: small, valid SVGs made here (a coloured medal with a glyph), so the
// demo needs no image files and every badge class looks different.
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
