import { fail, PASS, SKIP, type Check } from '../check';
import type { VerifyCode } from '../codes';
import type { VerifyContext } from '../context';
import { formatOf, formatOfJws, type Format } from '../format';

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
 * What was given, before anything is fetched for it: an Open Badges 3.0 credential (JSON or a
 * VC-JWT), a Blockcerts certificate, or JSON that is no badge at all gets its own answer, and
 * nothing is fetched, not even its `id`. A URL is read first; fetchAssertion tells what is there.
 */
export const detectFormat: Check = {
  name: 'detectFormat',
  run(ctx) {
    const { input } = ctx;
    if (input.kind === 'url') return SKIP;
    // A JWS whose payload cannot be read at all is readSignedAssertion's to refuse.
    const format = input.kind === 'json' ? formatOf(input.doc) : formatOfJws(input.text);
    return format === null || format === 'ob2' ? PASS : refuseFormat(ctx, format);
  },
};
