import { safeUrl } from '../../lib/safe-url';

type Doc = Record<string, unknown>;

const isDoc = (v: unknown): v is Doc => !!v && typeof v === 'object' && !Array.isArray(v);

/** A link value (a string, or an object naming it by id or url) with any non-http(s) address nulled. */
function link(v: unknown, keys: readonly string[] = ['id']): unknown {
  if (typeof v === 'string') return safeUrl(v) ? v : null;
  if (!isDoc(v)) return v;
  const out = { ...v };
  for (const k of keys) if (typeof out[k] === 'string' && !safeUrl(out[k])) out[k] = null;
  return out;
}

/** The same for a field that may hold one link or a list of them (JSON-LD compaction). */
const links = (v: unknown, keys?: readonly string[]) =>
  Array.isArray(v) ? v.map((x) => link(x, keys)) : link(v, keys);

/** Sets the named fields of a copy, only where the document has them. */
function fix(doc: Doc, fields: Record<string, (v: unknown) => unknown>): Doc {
  const out = { ...doc };
  for (const [k, f] of Object.entries(fields)) if (k in out) out[k] = f(out[k]);
  return out;
}

const issuer = (d: Doc) => fix(d, { url: link, image: link });
const badge = (d: Doc) =>
  fix(d, {
    criteria: (v) => link(v, ['id', 'url']),
    alignment: (v) => links(v, ['targetUrl']),
    image: link,
    issuer: (v) => (isDoc(v) ? issuer(v) : v),
  });
const assertion = (d: Doc) =>
  fix(d, { evidence: (v) => links(v), image: link, badge: (v) => (isDoc(v) ? badge(v) : v) });

/**
 * The imported documents as they are stored: every address that may reach a page, JSON-LD or a
 * link (issuer url and image, criteria, alignment targets, evidence, images) is kept only when it
 * is http(s), else null (XSS-02). Ids, verification and revocation addresses are left as they are:
 * they locate the badge and are only ever fetched through the outbound guard.
 */
export function withSafeLinks(docs: { assertion: Doc; badge: Doc; issuer: Doc }) {
  return { assertion: assertion(docs.assertion), badge: badge(docs.badge), issuer: issuer(docs.issuer) };
}
