import { fail, PASS, SKIP, type Check } from '../check';
import type { VerifyCode } from '../codes';
import type { VerifyContext } from '../context';
import { formatOf, formatOfJws, type Format } from '../format';
import { startOb3 } from './readOb3Credential';

/** The answer for a credential this verifier does not verify (yet): its own code (codes.ts). */
export const FORMAT_CODES: Record<Exclude<Format, 'ob2'>, VerifyCode> = {
  ob3: 'E991',
  blockcerts: 'E992',
  unknown: 'E993',
};

/** Records a format other than Open Badges 2.0 and gives its finding; later checks then skip. */
export function refuseFormat(ctx: VerifyContext, format: Exclude<Format, 'ob2'>) {
  ctx.format = format;
  return fail(FORMAT_CODES[format]);
}

/**
 * A Blockcerts credential (issue 19), given or found at a URL: the Blockcerts checks verify it, the
 * Open Badges ones then skip. v2 carries a `signature`, v3 a `proof`.
 */
export function startBlockcerts(ctx: VerifyContext, doc: Record<string, unknown>) {
  ctx.format = 'blockcerts';
  const v2 = 'signature' in doc && !('proof' in doc);
  ctx.bc = { doc, version: v2 ? 2 : 3, proof: null, broken: false, tx: null, profile: null };
  return PASS;
}

/**
 * What was given, before anything is fetched for it. A Blockcerts credential given as JSON goes to
 * the Blockcerts checks, an Open Badges 3.0 credential (JSON or a VC-JWT) to the OB 3.0 ones (its
 * `id` is never fetched: the credential proves itself); a Blockcerts certificate in another form, or
 * JSON that is no badge at all gets its own answer. A URL is read first; fetchAssertion tells what
 * is there.
 */
export const detectFormat: Check = {
  name: 'detectFormat',
  run(ctx) {
    const { input } = ctx;
    if (input.kind === 'url') return SKIP;
    // A JWS whose payload cannot be read at all is readSignedAssertion's to refuse.
    const format = input.kind === 'json' ? formatOf(input.doc) : formatOfJws(input.text);
    if (format === 'blockcerts' && input.kind === 'json') return startBlockcerts(ctx, input.doc);
    if (format === 'ob3')
      return input.kind === 'json' ? startOb3(ctx, input.doc, null, null) : startOb3(ctx, null, input.text, null);
    return format === null || format === 'ob2' ? PASS : refuseFormat(ctx, format);
  },
};
