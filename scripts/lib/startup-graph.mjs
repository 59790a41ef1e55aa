// What a Worker loads before its first answer (issue 37): the modules reachable from its entry by
// static imports. Rolldown keeps a module eager while any static importer of it remains, so a
// library meant to load on first use (await import) slips back into start-up with one careless
// import; the deploy check looks for each such library's mark in this graph.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

// `import … from "./x.mjs"`, `import "./x.mjs"` and `export … from "./x.mjs"`; not `import("./x.mjs")`.
const STATIC = /(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.[^"']+)["']/g;

/** The files (absolute paths) a module graph loads at start-up, the entry included. */
export function startupFiles(entry) {
  const seen = new Set();
  const stack = [resolve(entry)];
  while (stack.length) {
    const file = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(STATIC)) stack.push(resolve(dirname(file), m[1]));
  }
  return seen;
}

/** Libraries that must load on first use, each by a name its minified code keeps (keepNames). */
export const FIRST_USE_ONLY = {
  'the PDF writer and reader (@pdfme/pdf-lib)': 'PDFDocument',
  "fontkit's Unicode tables": 'UnicodeTrie',
  "html-entities (pdf-lib's HTML parser)": 'generateNamedReferences',
  'the SVG sanitiser (@xmldom/xmldom)': 'HTML_ENTITIES',
  'the passkey ceremonies (@simplewebauthn/server)': 'verifyRegistrationResponse',
  // One sentence of the Japanese catalogue: the eight catalogues other than English are read from the
  // assets (src/i18n/translator.ts), never bundled.
  'a UI catalogue other than English': JSON.parse(
    readFileSync(new URL('../../src/i18n/locales/ja.json', import.meta.url), 'utf8'),
  ).errors.E503102,
};

/** The marks of FIRST_USE_ONLY found in the start-up graph of `entry`: [what, file] pairs. */
export function eagerLibraries(entry, marks = FIRST_USE_ONLY) {
  const found = [];
  for (const file of startupFiles(entry)) {
    const code = readFileSync(file, 'utf8');
    for (const [what, mark] of Object.entries(marks)) if (code.includes(mark)) found.push([what, file]);
  }
  return found;
}
