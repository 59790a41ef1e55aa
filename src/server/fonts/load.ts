import { staticAsset } from '../http/assets';
import { fontRuns, pickFonts, uncovered, type FontFile } from './pick';

export interface LoadedFont {
  name: string;
  family: string;
  data: ArrayBuffer;
}

// Font files are public, immutable build output: keeping them per isolate saves the asset fetch
// (the stack notes measured re-fetching on every render as the main cost).
let manifest: Promise<FontFile[]> | null = null;
const cache = new Map<string, Promise<ArrayBuffer>>();

/** A file under /fonts from the assets binding. */
export async function fontAsset(env: Env, name: string): Promise<Response> {
  const res = await staticAsset(env, `fonts/${name}`);
  if (!res) throw new Error(`font asset missing: ${name} (run node scripts/fonts.mjs)`);
  return res;
}

function files(env: Env): Promise<FontFile[]> {
  manifest ??= fontAsset(env, 'manifest.json')
    .then((r) => r.json<{ files: FontFile[] }>())
    .then((m) => m.files)
    .catch((err: unknown) => {
      manifest = null;
      throw err;
    });
  return manifest;
}

function bytes(env: Env, file: string): Promise<ArrayBuffer> {
  let p = cache.get(file);
  if (!p) {
    p = fontAsset(env, file).then((r) => r.arrayBuffer());
    p.catch(() => cache.delete(file));
    cache.set(file, p);
  }
  return p;
}

/** The font files that draw `text` (in `lang`'s preferred CJK family), loaded. */
export async function fontsFor(env: Env, text: string, lang: string): Promise<LoadedFont[]> {
  const picked = pickFonts(await files(env), text, lang);
  return Promise.all(picked.map(async (f) => ({ name: f.file, family: f.family, data: await bytes(env, f.file) })));
}

/** The text split into runs per font file, with each file's bytes (for the PDF certificate). */
export async function fontRunsFor(env: Env, text: string, lang: string) {
  const runs = fontRuns(await files(env), text, lang);
  return Promise.all(runs.map(async (r) => ({ text: r.text, file: r.file.file, data: await bytes(env, r.file.file) })));
}

/** The characters of `text` that no bundled font draws (checked before a certificate is issued). */
export async function unprintable(env: Env, text: string): Promise<string[]> {
  return uncovered(await files(env), text);
}
