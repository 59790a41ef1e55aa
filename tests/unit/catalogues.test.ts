import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../src/i18n/catalogues';
import { LANGUAGES } from '../../src/i18n/languages';
import { ERRORS } from '../../src/server/errors';

type Tree = { [k: string]: string | Tree };
const flat = (o: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(o).flatMap(([k, v]) =>
      typeof v === 'string' ? [[`${prefix}${k}`, v]] : Object.entries(flat(v, `${prefix}${k}.`)),
    ),
  );
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/**
 * Values that are the same in every language on purpose (a brand line, "OK", "{{label}}: {{value}}",
 * which is punctuation only). Name order is code (src/lib/names.ts).
 */
const SAME_AS_ENGLISH = new Set(['common.ok', 'footer.copyright', 'records.result']);

const en = flat(CATALOGUES.en as Tree);

describe('catalogues', () => {
  for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
    describe(lang, () => {
      const cat = flat(CATALOGUES[lang] as Tree);
      it('has exactly the English keys', () => expect(Object.keys(cat).sort()).toEqual(Object.keys(en).sort()));
      it('keeps every placeholder of each English value', () => {
        for (const [key, value] of Object.entries(en))
          expect([key, placeholders(cat[key] ?? '')]).toEqual([key, placeholders(value)]);
      });
      it('has no empty value', () => {
        for (const [key, value] of Object.entries(cat)) expect([key, value.trim().length > 0]).toEqual([key, true]);
      });
      it('is translated (nothing equal to English but the allowlist)', () => {
        const same = Object.keys(en).filter((k) => cat[k] === en[k] && !SAME_AS_ENGLISH.has(k));
        expect(same).toEqual([]);
      });
    });
  }

  it('has a message for every error code', () => {
    for (const def of Object.values(ERRORS)) expect(en[def.key]).toBeTruthy();
  });

  it('has every key the source code asks for', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.(ts|tsx|astro)$/.test(name)) files.push(p);
      }
    };
    walk('src');
    const used = new Set<string>();
    const KEY =
      /['"]((?:common|header|footer|maintenance|init|not_found|unauthorized|badge_unavailable|terms_rejection|back|server_error|errors|validation|fields|mail|notifications|login|account|register|activation|password|terms|dev_mailbox|wallet|detail|receive|share|download|verify|import|settings|search|issuer_page|class_page|skill_page|certificates)\.[A-Za-z0-9_.]+)['"]/g;
    for (const f of files) for (const m of readFileSync(f, 'utf8').matchAll(KEY)) used.add(m[1] ?? '');
    const missing = [...used].filter((k) => !(k in en));
    expect(missing).toEqual([]);
    expect(used.size).toBeGreaterThan(40);
  });
});
