import v2 from '../../../ld/bundled/openbadges-v2-context.json';

type Definition = string | { '@id'?: string };
const CONTEXT = v2['@context'] as Record<string, Definition>;
const iriOf = (d: Definition | undefined) => (typeof d === 'string' ? d : d?.['@id']);

/** The context's prefixes ("schema" -> "http://schema.org/"), the ones compaction writes keys with. */
const PREFIXES = Object.entries(CONTEXT).flatMap(([k, d]) =>
  typeof d === 'string' && /[/#]$/.test(d) ? [[k, d] as const] : [],
);

function expand(iri: string): string {
  const [head, ...rest] = iri.split(':');
  const prefix = PREFIXES.find(([p]) => p === head);
  return prefix && rest.length ? prefix[1] + rest.join(':') : iri;
}

/** Every key that names the same property IRI as `term`, the term itself excepted. */
function keysFor(term: string): string[] {
  const own = iriOf(CONTEXT[term]);
  if (!own) return [];
  const iri = expand(own);
  const compact = PREFIXES.filter(([, base]) => iri.startsWith(base) && iri.length > base.length).map(
    ([p, base]) => `${p}:${iri.slice(base.length)}`,
  );
  const terms = Object.keys(CONTEXT).filter(
    (t) => t !== term && iriOf(CONTEXT[t]) && expand(iriOf(CONTEXT[t]) ?? '') === iri,
  );
  return [...new Set([iri, ...compact, ...terms])];
}

const cache = new Map<string, string[]>();

/**
 * Where else compaction into the OB v2 context may have put a property's value. A term's
 * definition fixes what its values are (an IRI for `image`, a date for `expires`, ...); a value
 * that does not fit (a number for `image`, an object for `expires`) cannot be written under the
 * term, and JSON-LD writes it under the property's compact IRI (`schema:image`, `sec:expiration`)
 * or under another term of the same IRI. A value found there is a value of the wrong type.
 */
export function otherKeys(term: string): string[] {
  let keys = cache.get(term);
  if (!keys) cache.set(term, (keys = keysFor(term)));
  return keys;
}
