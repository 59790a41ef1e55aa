import { beforeAll, describe, expect, it } from 'vitest';
import {
  allowStandIn,
  hostedTrio,
  serveHosted,
  serveSigned,
  SERVER,
  sign,
  signedTrio,
  verifyCall,
  type Answer,
  type Obj,
  type SignedTrio,
} from './badge-trio';
import { matchReports } from '../support/report-snapshot';

/**
 * Issue 17, verification item 4: no 500 from anyone's data. Mutants of the valid hosted trio and
 * of a valid signed badge (every property removed, retyped to each JSON type, emptied, made huge
 * within the body caps, nested, given prototype keys) are served by the stand-in issuer and
 * verified through POST Public/Verification; each must answer a well-formed report, never a 5xx.
 * The mutants are drawn with a seeded generator, so a failure names a mutant that can be replayed.
 */
const SEED = 0x17_0004;
const HOSTED_COUNT = 220;
const SIGNED_COUNT = 100;

/** mulberry32: small, seeded, and the same sequence on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Path = (string | number)[];
type Value = unknown;

/** Every property path of a document, nested ones included (the document itself is []). */
function pathsOf(doc: Value, at: Path = []): Path[] {
  if (!doc || typeof doc !== 'object') return [];
  const keys: (string | number)[] = Array.isArray(doc) ? doc.map((_, i) => i) : Object.keys(doc);
  return keys.flatMap((k) => [[...at, k], ...pathsOf((doc as Record<string | number, Value>)[k], [...at, k])]);
}

const deep = (depth: number, leaf: Value, arrays: boolean): Value => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = arrays ? [v] : { n: v };
  return v;
};
/** A prototype key as JSON.parse makes it: an own, enumerable property named __proto__. */
const protoKey = (o: Obj, value: Value) =>
  Object.defineProperty(o, '__proto__', { value, enumerable: true, writable: true, configurable: true });

/** The replacement values: each JSON type, empty, huge (within the 256 KB cap), nested, hostile. */
const VALUES: Record<string, () => Value> = {
  null: () => null,
  true: () => true,
  false: () => false,
  zero: () => 0,
  negative: () => -1,
  float: () => 1.5e308,
  string: () => 'x',
  emptyString: () => '',
  emptyArray: () => [],
  emptyObject: () => ({}),
  hugeString: () => 'é'.repeat(90_000),
  hugeArray: () => Array.from({ length: 5000 }, (_, i) => `v${i}`),
  nestedArrays: () => deep(25, 'x', true),
  nestedObjects: () => deep(25, 'x', false),
  arrayOfObjects: () => [{ id: 'urn:x' }, { id: 5 }, null],
  protoObject: () => protoKey({}, { isAdmin: true }),
  constructorObject: () => ({ constructor: { prototype: { isAdmin: true } } }),
  notAUrl: () => 'http://',
  spaceUrl: () => 'http://exa mple.org/x',
  dataUri: () => 'data:image/png;base64,AAAA',
  dateLike: () => '2016-13-45T99:99:99Z',
  controlChars: () => '\u0000\u202e\u0007',
};

interface Mutant {
  doc: keyof SignedTrio;
  path: Path;
  op: string;
}

function apply(trio: SignedTrio, m: Mutant): void {
  if (m.path.length === 0) {
    // The document itself: prototype keys at its top level.
    if (m.op === 'addProto') protoKey(trio[m.doc], { polluted: true });
    else trio[m.doc]['constructor'] = (VALUES['constructorObject'] as () => Value)();
    return;
  }
  const parent = m.path.slice(0, -1).reduce<Value>((o, k) => (o as Record<string | number, Value>)[k], trio[m.doc]);
  const key = m.path[m.path.length - 1] as string | number;
  const o = parent as Record<string | number, Value>;
  if (m.op === 'remove') {
    if (Array.isArray(o)) o.splice(key as number, 1);
    else Reflect.deleteProperty(o, key);
  } else if (m.op === 'addProto') {
    const target = o[key];
    if (target && typeof target === 'object' && !Array.isArray(target)) protoKey(target as Obj, { polluted: true });
    else o[key] = protoKey({}, { polluted: true });
  } else o[key] = (VALUES[m.op] as () => Value)();
}

const OPS = ['remove', 'addProto', ...Object.keys(VALUES)];

/** Shuffles in place with the seeded generator (Fisher-Yates). */
function shuffle<T>(list: T[], rnd: () => number): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

/**
 * `count` mutants of the documents named: every property path gets one operation before any gets
 * a second, each path's operations and the order of the paths drawn by the seed.
 */
function draw(base: SignedTrio, docs: (keyof SignedTrio)[], count: number, rnd: () => number): Mutant[] {
  const perPath = docs.flatMap((doc) =>
    [[] as Path, ...pathsOf(base[doc])].map((path) =>
      shuffle(path.length === 0 ? ['addProto', 'constructor'] : [...OPS], rnd).map((op) => ({ doc, path, op })),
    ),
  );
  shuffle(perPath, rnd);
  const out: Mutant[] = [];
  for (let round = 0; out.length < count && round < OPS.length; round++)
    for (const ops of perPath) if (out.length < count && ops[round]) out.push(ops[round] as Mutant);
  return out;
}

/**
 * The valid badge with every optional property the data model lists, so that each one is mutated
 * too: expiry, narrative, evidence, an Image, Criteria, alignment, tags, the issuer's contact
 * details and its hosted-verification rules.
 */
function enrich(trio: SignedTrio, at: string): SignedTrio {
  Object.assign(trio.assertion, {
    expires: '2099-12-31T23:59:59Z',
    narrative: 'Built a robot.',
    evidence: [`${at}/work.html`, { id: `${at}/video`, narrative: 'A video.', name: 'Video', genre: 'Film' }],
    image: { id: `${at}/baked.png`, caption: "Beth's badge" },
  });
  Object.assign(trio.badge, {
    criteria: { id: `${at}/criteria.html`, narrative: 'Build a robot.' },
    alignment: [{ targetName: 'Robots 101', targetUrl: `${at}/std`, targetCode: 'R1', targetFramework: 'Std' }],
    tags: ['robots', 'awesome'],
  });
  Object.assign(trio.issuer, {
    telephone: '+16175551212',
    description: 'Makes badges.',
    image: `${at}/logo.png`,
    verification: { type: 'VerificationObject', startsWith: `${at}/`, allowedOrigins: 'example.org' },
  });
  return trio;
}

const ITEM = ['issued_by', 'issued_on', 'awarded_to', 'expires_on'];
/** A report as spec §7 answers it: every field present and of its type, the four items each set. */
function wellFormed(a: Answer): boolean {
  const j = a.json;
  const items = j['items'] as Record<string, { status?: unknown }> | undefined;
  return (
    a.http === 200 &&
    j['status'] === 200 &&
    typeof j['badge_information'] === 'object' &&
    typeof j.badge_pass === 'boolean' &&
    ['valid', 'invalid', 'unverifiable'].includes(j.verify_state ?? '') &&
    Array.isArray(j.verify_errors_code) &&
    Array.isArray(j.verify_warnings_code) &&
    j['verify_errors_count'] === j.verify_errors_code.length &&
    !!items &&
    ITEM.every((i) => items[i]?.status === 'success' || items[i]?.status === 'fail')
  );
}

describe('fuzzing the verifier with mutated badges (issue 17, verification item 4)', () => {
  beforeAll(allowStandIn);

  it(`${HOSTED_COUNT} hosted and ${SIGNED_COUNT} signed mutants: no 5xx, a well-formed report each`, async () => {
    const rnd = prng(SEED);
    const started = Date.now();
    const at = (name: string) => `${SERVER}/store/${name}`;
    const hostedOf = async (name: string) => enrich({ ...(await hostedTrio(name)), key: {}, list: {} }, at(name));
    const signedOf = async (name: string) => enrich(await signedTrio(name), at(name));
    // The enriched badge, unmutated, is valid both ways: each mutant is one change away from valid.
    const valid = await verifyCall({
      input_type: 'url',
      url: await serveHosted('fuzz-valid', await hostedOf('fuzz-valid')),
    });
    const validSigned = await signedOf('fuzz-valid-signed');
    const signedOk = await verifyCall({ input_type: 'jws', jws: await serveSigned('fuzz-valid-signed', validSigned) });
    expect([valid.json.verify_state, signedOk.json.verify_state]).toEqual(['valid', 'valid']);
    const hosted = draw(await hostedOf('fuzz-base'), ['assertion', 'badge', 'issuer'], HOSTED_COUNT, rnd);
    const signed = draw(
      await signedOf('fuzz-base'),
      ['assertion', 'badge', 'issuer', 'key', 'list'],
      SIGNED_COUNT,
      rnd,
    );
    const failures: string[] = [];
    let serverErrors = 0;
    let n = 0;
    const one = async (m: Mutant, kind: 'hosted' | 'signed') => {
      n += 1;
      const name = `fuzz-${SEED.toString(16)}-${kind}-${n}`;
      let answer: Answer;
      if (kind === 'hosted') {
        const trio = await hostedOf(name);
        apply(trio, m);
        answer = await verifyCall({ input_type: 'url', url: await serveHosted(name, trio) });
      } else {
        const trio = await signedOf(name);
        apply(trio, m);
        await serveSigned(name, trio);
        answer = await verifyCall({ input_type: 'jws', jws: await sign(trio.assertion) });
      }
      if (answer.http >= 500) serverErrors += 1;
      if (!wellFormed(answer))
        failures.push(
          `${kind} #${n} ${m.doc}.${m.path.join('.')} ${m.op}: HTTP ${answer.http} ${JSON.stringify(answer.json).slice(0, 160)}`,
        );
    };
    for (const m of hosted) await one(m, 'hosted');
    for (const m of signed) await one(m, 'signed');
    expect({ serverErrors, failures }).toEqual({ serverErrors: 0, failures: [] });
    expect(n).toBe(HOSTED_COUNT + SIGNED_COUNT);
    // Bounded: the whole run stays well inside a minute on a slow machine.
    expect(Date.now() - started).toBeLessThan(90_000);
  }, 120_000);
});

/** The causes item 4 names, each an invalid verdict with its code, never E500100. */
const NAMED: { what: string; doc: keyof SignedTrio; signed?: boolean; mutate: (d: Obj) => void; code: string }[] = [
  {
    what: 'startsWith that is not a URL',
    doc: 'issuer',
    mutate: (d) => (d['verification'] = { startsWith: 'not a url' }),
    code: 'E174',
  },
  {
    what: 'allowedOrigins that is not a host',
    doc: 'issuer',
    mutate: (d) => (d['verification'] = { allowedOrigins: 'https://x.example/a b' }),
    code: 'E174',
  },
  {
    what: 'a key that does not parse',
    doc: 'key',
    signed: true,
    mutate: (d) => (d['publicKeyPem'] = '-----BEGIN PUBLIC KEY-----\n!!!\n-----END PUBLIC KEY-----'),
    code: 'E168',
  },
  {
    what: 'a date that is not ISO 8601',
    doc: 'assertion',
    mutate: (d) => (d['issuedOn'] = 'last Tuesday'),
    code: 'E042',
  },
  {
    what: 'a recipient identity that is a number',
    doc: 'assertion',
    mutate: (d) => ((d['recipient'] as Obj)['identity'] = 42),
    code: 'E028',
  },
  {
    what: 'an object where the badge name is expected',
    doc: 'badge',
    mutate: (d) => (d['name'] = { en: { text: 'x' } }),
    code: 'E987',
  },
  {
    what: 'an object where the issuer name is expected',
    doc: 'issuer',
    mutate: (d) => (d['name'] = { first: ['x'] }),
    code: 'E173',
  },
];

describe('the causes of issue 17 item 4, by name', () => {
  beforeAll(allowStandIn);

  it.each(NAMED)('$what: invalid with $code', async ({ doc, signed, mutate, code }) => {
    const name = `named-${Date.now().toString(36)}-${NAMED.findIndex((c) => c.code === code && c.doc === doc)}-${Math.random().toString(36).slice(2, 6)}`;
    let answer: Answer;
    if (signed) {
      const trio = await signedTrio(name);
      mutate(trio[doc]);
      answer = await verifyCall({ input_type: 'jws', jws: await serveSigned(name, trio) });
    } else {
      const trio = { ...(await hostedTrio(name)), key: {}, list: {} };
      mutate(trio[doc]);
      answer = await verifyCall({ input_type: 'url', url: await serveHosted(name, trio) });
    }
    expect(answer.http).toBe(200);
    expect(answer.json.verify_state).toBe('invalid');
    expect(answer.json.verify_errors_code).toContain(code);
  });
});

it('the reports of this corpus are held while the verifier changes shape (issue 36)', () =>
  matchReports('verify-fuzz'));
