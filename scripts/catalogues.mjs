// Writes the eight non-English UI catalogues to public/i18n/<language>.json (issue 37), minified and
// git-ignored like public/fonts/: the Worker loads the one a request's language needs through its
// assets binding, once per isolate, instead of carrying all nine in its bundle. English stays bundled
// (src/i18n/translator.ts): it is the fallback, and error paths need it without waiting.
// A file is written only when its text changed, so the build and the tests beside it read a stable
// copy (scripts/test.mjs runs this before both lanes).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SOURCE = 'src/i18n/locales';
const OUT = 'public/i18n';

mkdirSync(OUT, { recursive: true });
for (const file of readdirSync(SOURCE).filter((f) => f.endsWith('.json') && f !== 'en.json')) {
  const text = JSON.stringify(JSON.parse(readFileSync(join(SOURCE, file), 'utf8')));
  const path = join(OUT, file);
  if (!existsSync(path) || readFileSync(path, 'utf8') !== text) writeFileSync(path, text);
}
