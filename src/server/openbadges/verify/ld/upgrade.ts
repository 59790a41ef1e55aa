import { OB2_CONTEXT } from '../../../ld/contexts';

type Obj = Record<string, unknown>;
export type Role = 'assertion' | 'badge' | 'issuer' | 'other';

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** 1.x dates may be Unix seconds (a number or a string of digits); 2.0 wants ISO 8601. */
function isoDate(v: unknown): unknown {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,12}$/.test(v.trim()) ? Number(v) : null;
  return n === null ? v : new Date(n * 1000).toISOString();
}

/** Keeps only the fields that are set, so an upgraded document has no `undefined` holes. */
function defined(o: Obj): Obj {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

/**
 * Upgrades an Open Badges 1.0/1.1 document (already compacted into the v1 context) to the 2.0
 * shape, as the 2.0 specification's "upgrading" notes describe:
 * - an assertion's `verify {type, url}` becomes `verification`; a hosted badge's id is its
 *   `verify.url`, which is where it must be found. Without `verify` there is nothing to verify.
 * - 1.x signed badges carried a bare PEM key and a uid-keyed revocation list; they are refused as
 *   "could not verify" rather than checked half-way.
 * - a BadgeClass or Issuer takes the address it was fetched from as its id (1.x had no ids).
 * - Unix-time dates become ISO 8601.
 * - a recipient without a type is an email address: the only identity type 1.x knew.
 */
export function upgradeLegacy(
  doc: Obj,
  role: Role,
  at: string,
): { doc: Obj } | { why: 'no-verification' | 'legacy-signed' } {
  const base: Obj = { ...doc, '@context': OB2_CONTEXT };
  if (role === 'assertion') {
    const verify = doc['verify'] as Obj | undefined;
    const type = str(verify?.['type']);
    if (!verify || !type) return { why: 'no-verification' };
    if (/signed/i.test(type)) return { why: 'legacy-signed' };
    const url = str(verify['url']);
    if (!/hosted/i.test(type) || !url) return { why: 'no-verification' };
    delete base['verify'];
    delete base['uid'];
    const recipient = doc['recipient'];
    if (recipient && typeof recipient === 'object' && !Array.isArray(recipient) && !('type' in recipient))
      base['recipient'] = { ...recipient, type: 'email' };
    return {
      doc: defined({
        ...base,
        type: 'Assertion',
        id: url,
        issuedOn: isoDate(doc['issuedOn']),
        expires: isoDate(doc['expires']),
        verification: { type: 'HostedBadge' },
      }),
    };
  }
  if (role === 'badge') return { doc: defined({ ...base, type: 'BadgeClass', id: str(doc['id']) ?? at }) };
  if (role === 'issuer') return { doc: defined({ ...base, type: 'Issuer', id: str(doc['id']) ?? at }) };
  return { doc: base };
}
