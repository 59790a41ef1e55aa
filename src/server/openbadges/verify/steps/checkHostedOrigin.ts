import { fail, PASS, SKIP, type Step } from '../../../verdict/step';
import { isHostName } from '../../host-name';
import { str, type Ob2Deps, type Ob2Facts } from '../facts';

/** An issuer profile's hosted-verification policy (OB 2.0 VerificationObject). */
export interface IssuerVerification {
  allowedOrigins?: unknown;
  startsWith?: unknown;
}

const list = (v: unknown): string[] =>
  (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]).filter((x): x is string => typeof x === 'string');

/**
 * A `startsWith` prefix as a URL, or null when it is not one: an issuer's malformed rule allows
 * nothing (checkProfileVerification reports it, E174) and never throws (HV-21).
 */
function hrefOf(prefix: string): string | null {
  try {
    return new URL(prefix).href;
  } catch {
    return null;
  }
}

/**
 * Whether `allowedOrigins` holds anything but host names (HV-21): a host with a port
 * (`127.0.0.1:8787`), a URL, an IP address, a number. Such a policy allows nothing.
 */
export function originsPolicyProblem(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  return !(Array.isArray(value) ? value : [value]).every((v) => isHostName(typeof v === 'string' ? v.trim() : v));
}

/**
 * Hosted-verification origin rule (HV-01/HV-02): by default the assertion must live on the issuer
 * id's origin; an issuer profile may instead list `verification.allowedOrigins` (host names: the
 * assertion's host name must be one, whatever its port) or `verification.startsWith` (URL
 * prefixes). A malformed `allowedOrigins` allows nothing.
 */
export function assertionOriginAllowed(assertionUrl: string, issuerId: string, policy: IssuerVerification = {}) {
  let a: URL;
  try {
    a = new URL(assertionUrl);
  } catch {
    return false;
  }
  if (originsPolicyProblem(policy.allowedOrigins)) return false;
  const prefixes = list(policy.startsWith);
  if (prefixes.length)
    return prefixes.some((p) => {
      const prefix = hrefOf(p);
      return prefix !== null && a.href.startsWith(prefix);
    });
  const origins = list(policy.allowedOrigins);
  if (origins.length) return origins.some((o) => o.trim().toLowerCase() === a.hostname.toLowerCase());
  try {
    return new URL(issuerId).origin === a.origin;
  } catch {
    return false;
  }
}

/**
 * Hosted badges: the assertion's id is within its issuer's verification scope, or E168 (also when
 * that scope is malformed, HV-21).
 */
export const checkHostedOrigin: Step<Ob2Facts, Ob2Deps> = {
  name: 'checkHostedOrigin',
  group: 'issued_by',
  run(facts) {
    if (facts.jws || !facts.assertion || !facts.issuer) return SKIP;
    const v = facts.issuer['verification'];
    // A verification "object" that is a string, a list or null holds no policy (E174 says so).
    const policy = v && typeof v === 'object' && !Array.isArray(v) ? (v as IssuerVerification) : undefined;
    const ok = assertionOriginAllowed(str(facts.assertion['id']) ?? '', str(facts.issuer['id']) ?? '', policy);
    return ok ? PASS : fail('E168');
  },
};
