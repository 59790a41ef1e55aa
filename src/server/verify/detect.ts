import type { VerifyCode } from '../verdict/codes';
import type { Detected } from '../verdict/detected';
import type { CheckResult } from '../verdict/report';
import type { DocSource, VerifyInput } from '../verdict/source';
import { fail, PASS, resultOf, SKIP, type Finding } from '../verdict/step';
import { formatOf, formatOfJws, type Format } from './format';

type Obj = Record<string, unknown>;

/** The answer for a credential this verifier does not verify: its own code (verdict/codes.ts). */
const REFUSED: Record<Exclude<Format, 'ob2'>, VerifyCode> = { ob3: 'E991', blockcerts: 'E992', unknown: 'E993' };

const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** Where a hosted assertion lives: its id, or for a 1.0/1.1 badge its `verify.url`. */
export function hostedAddress(doc: Obj): string | null {
  const id = str(doc['id']);
  if (id && /^https?:/i.test(id)) return id;
  return str((doc['verify'] as Obj | null | undefined)?.['url']);
}

/** The two report lines detection owns: what was given, and what was found at its address. */
const lines = (given: Finding, fetched: Finding): CheckResult[] => [
  resultOf('detectFormat', given),
  resultOf('fetchAssertion', fetched),
];

/** Refused as given (before anything was fetched), or for what was found at its address. */
const refused = (format: Exclude<Format, 'ob2'>, given: Finding | null): Detected => ({
  format: 'refused',
  lines: given ? lines(given, fail(REFUSED[format])) : lines(fail(REFUSED[format]), SKIP),
});

/**
 * What the document at a hosted address is. A Blockcerts credential there (an AssertionBC, say) or
 * an OB 3.0 one (JSON, or a compact VC-JWT) proves itself by its proof, not its address; something
 * that is no badge at all gets its own answer; anything else (an OB 2.0 assertion, or what could
 * not be read there) is the OB 2.0 hosted rules' to judge.
 */
async function atAddress(src: DocSource, input: VerifyInput, url: string | null, given: Finding): Promise<Detected> {
  const d = url && /^https?:/i.test(url) ? await src.get(url) : null;
  const fetched = (format: Detected) => ({ ...format, lines: lines(given, PASS) });
  if (d?.kind === 'unreadable' && d.jwt && formatOfJws(d.jwt) === 'ob3')
    return fetched({ format: 'ob3', credential: null, jwt: d.jwt, url: d.url, lines: [] });
  if (d?.kind === 'unreadable') return refused('unknown', given);
  if (d?.kind === 'ok') {
    const format = formatOf(d.doc);
    if (format === 'blockcerts') return fetched({ format, doc: d.doc, lines: [] });
    if (format === 'ob3') return fetched({ format, credential: d.doc, jwt: null, url: d.url, lines: [] });
    if (format !== 'ob2') return refused(format, given);
  }
  return { format: 'ob2', input, fetched: d, lines: [resultOf('detectFormat', given)] };
}

/**
 * What was given, decided once per verification (issue 36). A Blockcerts credential given as JSON
 * goes to the Blockcerts steps, an OB 3.0 credential (JSON or a VC-JWT) to the OB 3.0 ones (its
 * `id` is never fetched: the credential proves itself); a Blockcerts certificate in another form,
 * or JSON that is no badge at all, gets its own answer. A URL, or an OB 2.0 assertion's hosted
 * address, is read first: the copy there decides (HV-04), and OB 2.0's fetchAssertion step judges it.
 */
export async function detect(input: VerifyInput, src: DocSource): Promise<Detected> {
  if (input.kind === 'url') return atAddress(src, input, input.url, SKIP);
  // A JWS whose payload cannot be read at all is readSignedAssertion's to refuse.
  const format = input.kind === 'json' ? formatOf(input.doc) : formatOfJws(input.text);
  if (format === 'blockcerts' && input.kind === 'json') return { format, doc: input.doc, lines: lines(PASS, SKIP) };
  if (format === 'ob3')
    return input.kind === 'json'
      ? { format, credential: input.doc, jwt: null, url: null, lines: lines(PASS, SKIP) }
      : { format, credential: null, jwt: input.text, url: null, lines: lines(PASS, SKIP) };
  if (format !== null && format !== 'ob2') return refused(format, null);
  if (input.kind === 'jws') return { format: 'ob2', input, fetched: null, lines: [resultOf('detectFormat', PASS)] };
  return atAddress(src, input, hostedAddress(input.doc), PASS);
}
