import type { CjkFontSet } from '../../lib/web-fonts';
import { fontAsset } from '../fonts/load';

/**
 * Which slice of a CJK web-font set covers which code points (public/fonts/web/<set>.json,
 * written by scripts/fonts.mjs from the same unicode-ranges as <set>.css).
 */
export interface SliceMap {
  /** The CSS family of the set's faces, e.g. `Lanyard Noto Sans JP`. */
  family: string;
  /** A face's file name, with `{slice}` and `{weight}` to fill in. */
  file: string;
  weights: number[];
  /** The set's metrics font (scripts/lib/metrics-font.mjs). */
  metrics: string;
  /** Flat triples: first code point, last code point, slice number; sorted, disjoint. */
  ranges: number[];
}

/** The slice whose range holds `cp`, or null when the set does not draw it (binary search). */
export function sliceOf(map: SliceMap, cp: number): number | null {
  const { ranges } = map;
  let lo = 0;
  let hi = ranges.length / 3 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const start = ranges[mid * 3] ?? 0;
    const end = ranges[mid * 3 + 1] ?? 0;
    if (cp < start) hi = mid - 1;
    else if (cp > end) lo = mid + 1;
    else return ranges[mid * 3 + 2] ?? null;
  }
  return null;
}

// Build output, the same for every request: read once per isolate (about 100 KB of JSON a set).
const maps = new Map<CjkFontSet, Promise<SliceMap>>();

/** The map of one set, read through the font loader's asset lookup. */
export function sliceMap(env: Env, set: CjkFontSet): Promise<SliceMap> {
  let map = maps.get(set);
  if (!map) {
    map = fontAsset(env, `web/${set}.json`).then((res) => res.json<SliceMap>());
    map.catch(() => maps.delete(set));
    maps.set(set, map);
  }
  return map;
}
