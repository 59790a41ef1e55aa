import { fail, PASS, SKIP, type Check } from '../check';
import { validateNode } from '../model/validate';

type Obj = Record<string, unknown>;
/** The type names a verification object may carry (JSON-LD compaction prefers the short aliases). */
const HOSTED = ['HostedBadge', 'hosted'];
const SIGNED = ['SignedBadge', 'signed'];

/**
 * The assertion's VerificationObject is present, typed HostedBadge or SignedBadge, and says how
 * this badge actually arrived (a JWS is a SignedBadge, an assertion fetched at its URL a
 * HostedBadge); `creator` is an IRI (E983).
 */
export const checkVerificationObject: Check = {
  name: 'checkVerificationObject',
  run(ctx) {
    if (!ctx.assertion || ctx.version !== '2.0') return SKIP;
    const v = ctx.assertion['verification'];
    if (v === undefined || v === null || validateNode(v, 'AssertionVerification').length > 0) return fail('E983');
    const t = (v as Obj)['type'];
    const types = Array.isArray(t) ? (t as unknown[]) : [t];
    const expected = ctx.jws ? SIGNED : HOSTED;
    return types.some((x) => expected.includes(x as string)) ? PASS : fail('E983');
  },
};
