import type { AcadDocKind } from '../db/schema';
import { ByteMemo } from '../openbadges/memo';
import { svgToPng } from '../share/render';

/** Generated card images, one per kind: tiny, public, the same for every document of a kind. */
const cards = new ByteMemo(1024 * 1024);

const COLOURS: Record<AcadDocKind, string> = { completion: '#0b5cad', diploma: '#7a4b00', transcript: '#1f6f43' };

/**
 * The image of a document's BadgeClass when its template has no PNG seal or logo: a sheet with a
 * ribbon, drawn without text (a class image is shown at badge size, where words would not read,
 * and it carries no language). 300 px PNG, as OB 2.0 baking needs.
 */
export async function generatedCard(env: Env, kind: AcadDocKind): Promise<Uint8Array<ArrayBuffer>> {
  const hit = cards.get(kind);
  if (hit) return hit;
  const c = COLOURS[kind];
  const lines = [96, 120, 144, 168]
    .map((y, i) => `<rect x="70" y="${y}" width="${i === 3 ? 90 : 160}" height="8" rx="4" fill="#cbd5e1"/>`)
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300">` +
    `<rect x="40" y="30" width="220" height="240" rx="14" fill="#ffffff" stroke="${c}" stroke-width="8"/>` +
    `<rect x="70" y="60" width="160" height="16" rx="8" fill="${c}"/>${lines}` +
    `<circle cx="200" cy="215" r="34" fill="${c}"/><circle cx="200" cy="215" r="22" fill="none" stroke="#ffffff" stroke-width="4"/>` +
    `<path d="M178 244 L170 286 L190 274 L200 292 L200 248 Z M222 244 L230 286 L210 274 L200 292 L200 248 Z" fill="${c}"/>` +
    `</svg>`;
  const png = new Uint8Array(await svgToPng(env, new TextEncoder().encode(svg), 300));
  cards.set(kind, png);
  return png;
}
