import type { Catalogue } from '../../i18n/translator';
import { CONFIG } from '../config';

/**
 * A file of the build's static assets, read through the assets binding: under the base path when
 * built, at the root in the tests (which serve ./public). Null when neither has it.
 */
export async function staticAsset(env: Env, path: string): Promise<Response | null> {
  // The binding ignores the host; `npm run dev` serves it through Vite, which refuses hosts it does not
  // know (an invented one left fonts and catalogues unread there), and knows localhost.
  for (const prefix of [`${CONFIG.basePath}/`, '/']) {
    const res = await env.ASSETS.fetch(new URL(prefix + path, 'http://localhost'));
    if (res.ok) return res;
  }
  return null;
}

/** A UI catalogue other than English (scripts/catalogues.mjs writes them to public/i18n). */
export async function assetCatalogue(env: Env, lang: string): Promise<Catalogue> {
  const res = await staticAsset(env, `i18n/${lang}.json`);
  if (!res) throw new Error(`catalogue asset missing: i18n/${lang}.json (run node scripts/catalogues.mjs)`);
  return res.json<Catalogue>();
}
