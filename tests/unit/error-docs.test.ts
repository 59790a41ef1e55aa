import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en.json' with { type: 'json' };
import { ERROR_DOCS, VERIFY_DOCS, type ErrorDoc } from '../../src/server/error-docs';
import { ERRORS, type ErrorCode } from '../../src/server/errors';
import { ITEM_OF, type VerifyCode } from '../../src/server/verdict/codes';
import lock from './error-codes.lock.json' with { type: 'json' };

/*
 * Issue 36, item 3: the error catalogue is documentation. docs/errors.md is generated here from
 * src/server/error-docs.ts, the catalogue and the English messages; CI fails when it is stale.
 * After changing a code's entry, write it again with:
 *   npx vitest run tests/unit/error-docs.test.ts -u
 * tests/unit/error-codes.lock.json holds every code ever published: a code is never renamed,
 * renumbered or reused, so the lock only grows.
 */

const apiCodes = Object.keys(ERRORS) as ErrorCode[];
const verifyCodes = Object.keys(ITEM_OF) as VerifyCode[];
const ITEM_NAMES = {
  issued_by: 'issued by',
  issued_on: 'issued on',
  awarded_to: 'awarded to',
  expires_on: 'expires on',
  all: 'all four items',
  none: 'no item (a warning)',
};

/** The English message behind a catalogue key such as `errors.E400100`, placeholders kept. */
function english(key: string): string {
  const found = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], en);
  return typeof found === 'string' ? found : '';
}

const entry = (title: string, doc: ErrorDoc, message: string) =>
  [
    `### ${title}`,
    '',
    `**Means.** ${doc.means}`,
    '',
    `**Why.** ${doc.why}`,
    '',
    `**What to do.** ${doc.fix}`,
    '',
    `**Message (English).** ${message || '(none)'}`,
    '',
  ].join('\n');

function markdown(): string {
  const api = apiCodes.map((c) => entry(`${c} · HTTP ${ERRORS[c].status}`, ERROR_DOCS[c], english(ERRORS[c].key)));
  const verify = verifyCodes.map((c) =>
    entry(`${c} · ${ITEM_NAMES[ITEM_OF[c]]}`, VERIFY_DOCS[c], english(`verify.code.${c}`)),
  );
  const index = (codes: string[], docs: Record<string, ErrorDoc>) =>
    [
      '| Code | Means |',
      '| --- | --- |',
      ...codes.map((c) => `| [${c}](#${c.toLowerCase()}) | ${docs[c]?.means} |`),
    ].join('\n');
  return [
    '# Error codes',
    '',
    'Generated from `src/server/error-docs.ts`, the catalogues (`src/server/errors.ts`,',
    '`src/server/verdict/codes.ts`) and the English messages by `tests/unit/error-docs.test.ts`; do not',
    'edit it by hand (`npx vitest run tests/unit/error-docs.test.ts -u` writes it again). Codes are',
    'permanent: a code is never renamed, renumbered or reused (`tests/unit/error-codes.lock.json`).',
    'Messages are translated into all nine languages; the English one is shown here.',
    '',
    '## Account and API errors',
    '',
    'A refused API call answers with the HTTP status and `{ "status", "errors": [{ "code",',
    '"resource_key", "message" }] }`; a refused field adds one more item per field, with `field`',
    '(spec §8). A code’s first three digits are its HTTP status.',
    '',
    index(apiCodes, ERROR_DOCS),
    '',
    ...api,
    '## Verification codes',
    '',
    'The verifier (the verify page, `Public/Verification` and every import) reports what it found',
    'as codes in `verify_errors_code`; each fails one of the four items of the report (issued by,',
    'issued on, awarded to, expires on), all four, or none (a warning, W).',
    '',
    index(verifyCodes, VERIFY_DOCS),
    '',
    ...verify,
  ].join('\n');
}

describe('the error catalogue as documentation (issue 36, item 3)', () => {
  it('every code has what it means, why it happens and what to do, and an English message', () => {
    const missing = [
      ...apiCodes.filter((c) => !ERROR_DOCS[c] || !english(ERRORS[c].key)),
      ...verifyCodes.filter((c) => !VERIFY_DOCS[c] || !english(`verify.code.${c}`)),
    ];
    expect(missing).toEqual([]);
    const thin = [...Object.entries(ERROR_DOCS), ...Object.entries(VERIFY_DOCS)].filter(([, d]) =>
      [d.means, d.why, d.fix].some((s) => s.trim().length < 12),
    );
    expect(thin.map(([c]) => c)).toEqual([]);
    // Nothing documented that is not a code.
    expect(Object.keys(ERROR_DOCS).sort()).toEqual([...apiCodes].sort());
    expect(Object.keys(VERIFY_DOCS).sort()).toEqual([...verifyCodes].sort());
  });

  it('docs/errors.md is what the catalogue says', async () => {
    await expect(markdown()).toMatchFileSnapshot('../../docs/errors.md');
  });
});

describe('codes are permanent', () => {
  type Locked = { status: number; key: string; means: string };
  const lockedApi = lock.api as Record<string, Locked>;
  const lockedVerify = lock.verify as Record<string, { item: string; means: string }>;

  it('every code ever published is still there, with its status, its message key and its meaning', () => {
    const changed = Object.entries(lockedApi).filter(([code, was]) => {
      const now = ERRORS[code as ErrorCode];
      return (
        !now || now.status !== was.status || now.key !== was.key || ERROR_DOCS[code as ErrorCode].means !== was.means
      );
    });
    expect(changed.map(([c]) => c)).toEqual([]);
    const moved = Object.entries(lockedVerify).filter(([code, was]) => {
      const c = code as VerifyCode;
      return !(c in ITEM_OF) || ITEM_OF[c] !== was.item || VERIFY_DOCS[c].means !== was.means;
    });
    expect(moved.map(([c]) => c)).toEqual([]);
  });

  it('a new code is added to the lock, so it is permanent from its first release', () => {
    expect(apiCodes.filter((c) => !(c in lockedApi))).toEqual([]);
    expect(verifyCodes.filter((c) => !(c in lockedVerify))).toEqual([]);
  });

  it('an API code carries its HTTP status in its number, and each message key names its own code', () => {
    expect(apiCodes.filter((c) => !c.startsWith(`E${ERRORS[c].status}`) || ERRORS[c].key !== `errors.${c}`)).toEqual(
      [],
    );
  });

  it('no two codes mean the same thing (a reused meaning is a reused code)', () => {
    const meanings = [...Object.values(ERROR_DOCS), ...Object.values(VERIFY_DOCS)].map((d) => d.means);
    expect(meanings.filter((m, i) => meanings.indexOf(m) !== i)).toEqual([]);
  });
});
