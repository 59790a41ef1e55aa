/** One font file of public/fonts/manifest.json (written by scripts/fonts.mjs). */
export interface FontFile {
  family: string;
  file: string;
  ranges: [number, number][];
}

const covers = (f: FontFile, cp: number) => f.ranges.some(([a, b]) => cp >= a && cp <= b);

/** Which CJK family draws Han characters first: the reader's language, else Japanese. */
const HAN_FIRST: Record<string, string> = { 'zh-cn': 'sc', 'zh-tw': 'tc', ko: 'kr', ja: 'jp' };

function orderFor(files: FontFile[], lang: string): FontFile[] {
  const first = HAN_FIRST[lang];
  return first ? [...files.filter((f) => f.family === first), ...files.filter((f) => f.family !== first)] : files;
}

/** Per manifest and language, the first file covering each character seen (a PDF asks thousands of times). */
const firsts = new WeakMap<FontFile[], Map<string, Map<number, FontFile | null>>>();
function firstCovering(files: FontFile[], lang: string) {
  let byLang = firsts.get(files);
  if (!byLang) firsts.set(files, (byLang = new Map()));
  let memo = byLang.get(lang);
  if (!memo) byLang.set(lang, (memo = new Map()));
  const ordered = orderFor(files, lang);
  const seen = memo;
  return (cp: number): FontFile | null => {
    let hit = seen.get(cp);
    if (hit === undefined) {
      hit = ordered.find((f) => covers(f, cp)) ?? null;
      // Bounded: a text of every code point cannot grow it past this.
      if (seen.size < 50_000) seen.set(cp, hit);
    }
    return hit;
  };
}

/**
 * Splits a text into runs each drawn by one font file (for the PDF, which has no per-glyph
 * fallback). Characters no file covers stay in the current run and render as the font's .notdef.
 */
export function fontRuns(files: FontFile[], text: string, lang = 'en'): { file: FontFile; text: string }[] {
  const first = firstCovering(files, lang);
  const latin = files.find((f) => f.family === 'latin' && covers(f, 0x41));
  if (!latin) return [];
  const runs: { file: FontFile; text: string }[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    const last = runs.at(-1);
    const file = last && (covers(last.file, cp) || /\s/.test(ch)) ? last.file : (first(cp) ?? last?.file ?? latin);
    if (last && last.file === file) last.text += ch;
    else runs.push({ file, text: ch });
  }
  return runs;
}

/**
 * The font files a text needs: for each character the first file that covers it, in the manifest's
 * family order except that the language chooses the CJK family for shared Han characters. Latin
 * comes first so digits and punctuation always have a face.
 */
export function pickFonts(files: FontFile[], text: string, lang = 'en'): FontFile[] {
  const ordered = orderFor(files, lang);
  const chosen = new Set<FontFile>(files.filter((f) => f.family === 'latin' && covers(f, 0x41)));
  for (const ch of new Set(text)) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp < 0x80 || /\s/.test(ch)) continue;
    if ([...chosen].some((f) => covers(f, cp))) continue;
    const hit = ordered.find((f) => covers(f, cp));
    if (hit) chosen.add(hit);
  }
  return [...chosen];
}

/** Marks drawn with the character before them, or not drawn at all: no font needs to cover them. */
const INVISIBLE = /[\s\p{Cc}\p{Cf}\u{fe00}-\u{fe0f}\u{e0100}-\u{e01ef}]/u;

/**
 * The characters of a text that no bundled font file covers, each once: a PDF would print them as
 * empty boxes, so documents carrying them are refused before anything is written (E422107).
 */
export function uncovered(files: FontFile[], text: string): string[] {
  const missing = new Set<string>();
  for (const ch of new Set(text)) {
    if (INVISIBLE.test(ch)) continue;
    const cp = ch.codePointAt(0) ?? 0;
    if (!files.some((f) => covers(f, cp))) missing.add(ch);
  }
  return [...missing];
}
