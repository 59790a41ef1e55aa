import { blockcertsService } from '../blockcerts/service';
import { hostedService } from '../hosted/service';
import { ob3Issuing } from '../ob3/issue';
import { OB3_ISSUE_PREFIX } from '../ob3/issue/urls';
import { OB_PREFIX } from '../openbadges/urls';
import { FetchBudget, guardedFetch, OutboundFailed } from '../outbound/fetch';
import { outboundPolicy } from '../outbound/policy';
import { OutboundRefused } from '../outbound/url-policy';
import { looksLikeJws } from '../openbadges/verify/jws-parse';
import type { Doc, DocSource } from '../verdict/source';
import { BadJson, parseBadgeJson } from '../verdict/safe-json';

// The shapes every format's steps read (verdict/source.ts); this is where they are read from.
export type { Doc, DocSource } from '../verdict/source';

const MAX_DOC_BYTES = 256 * 1024;

/**
 * Where the verifier reads Open Badges documents: our own hosted objects straight from D1 (the
 * outbound guard refuses our own host, and there is no reason to go out and back in), everything
 * else through the guarded fetch, within one budget per verification.
 */
export function docSource(env: Env, budget = new FetchBudget()): DocSource {
  const own = new URL(env.PUBLIC_BASE_URL).origin;
  const policy = outboundPolicy(env);
  const hosted = hostedService(env);

  async function ownDoc(url: URL): Promise<Doc> {
    const m = new RegExp(
      `^${OB_PREFIX}/(Assertion|BadgeClass|Issuer|CryptographicKey|RevocationList|AssertionBC|BlockcertsIssuer|BlockcertsRevocationList)/([^/]+)$`,
    ).exec(url.pathname);
    const href = url.href;
    if (!m && url.pathname.startsWith(`${OB3_ISSUE_PREFIX}/`)) {
      // OB 3.0 (issue 21): an issuer's DID document or status list credential issued here, read
      // from the issuing side directly (the outbound guard refuses our own host).
      const doc = await ob3Issuing.document(env, url.pathname);
      return doc ? { kind: 'ok', url: href, doc } : { kind: 'missing', url: href };
    }
    if (!m) return { kind: 'missing', url: href };
    const [, kind, id = ''] = m;
    if (kind === 'AssertionBC') {
      // An anchored Blockcerts credential issued here (issue 19); gone once revoked.
      const found = await blockcertsService(env).hosted(id);
      if (found.kind === 'missing') return { kind: 'missing', url: href };
      return { kind: found.kind, url: href, doc: found.doc as Record<string, unknown> };
    }
    if (kind === 'BlockcertsIssuer' || kind === 'BlockcertsRevocationList') {
      // A Blockcerts credential issued here (issue 19): its issuer profile and revocation list.
      const bc = blockcertsService(env);
      const doc = kind === 'BlockcertsIssuer' ? await bc.issuerProfile(id) : await bc.revocationList(id);
      return doc
        ? { kind: 'ok', url: href, doc: doc as unknown as Record<string, unknown> }
        : { kind: 'missing', url: href };
    }
    if (kind === 'Assertion') {
      // A badge's assertion, or an academic document's (issue 18).
      const live = await hosted.liveDocument(id);
      if (live.kind === 'missing') return { kind: 'missing', url: href };
      return live.kind === 'gone'
        ? { kind: 'gone', url: href, doc: live.doc as Record<string, unknown> }
        : { kind: 'ok', url: href, doc: live.doc as unknown as Record<string, unknown> };
    }
    const doc =
      kind === 'BadgeClass'
        ? (await hosted.badgeClass(id))?.doc
        : kind === 'Issuer'
          ? await hosted.issuer(id)
          : kind === 'CryptographicKey'
            ? await hosted.key(id)
            : await hosted.revocationList(id);
    return doc
      ? { kind: 'ok', url: href, doc: doc as unknown as Record<string, unknown> }
      : { kind: 'missing', url: href };
  }

  return {
    budget,
    async get(raw: unknown): Promise<Doc> {
      if (typeof raw !== 'string') return { kind: 'unreadable', url: String(raw) };
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        return { kind: 'unreadable', url: raw };
      }
      if (url.origin === own) return ownDoc(url);
      try {
        const res = await guardedFetch(policy, url.href, {
          budget,
          maxBytes: MAX_DOC_BYTES,
          accept: 'application/ld+json, application/json;q=0.9',
        });
        const text = new TextDecoder().decode(res.body);
        if (res.status === 410) {
          try {
            return { kind: 'gone', url: res.url, doc: parseBadgeJson(text) };
          } catch {
            return { kind: 'gone', url: res.url, doc: null };
          }
        }
        if (res.status === 404) return { kind: 'missing', url: res.url };
        if (res.status >= 400) return { kind: 'unreachable', url: res.url };
        // Fetched HTML is never a badge (SSRF-13).
        if (/html/i.test(res.contentType)) return { kind: 'unreadable', url: res.url };
        // An OB 3.0 credential may be served as a compact VC-JWT (issue 21): kept for the reader.
        if (looksLikeJws(text)) return { kind: 'unreadable', url: res.url, jwt: text.trim() };
        return { kind: 'ok', url: res.url, doc: parseBadgeJson(text) };
      } catch (err) {
        if (err instanceof OutboundRefused) return { kind: 'refused', url: url.href };
        if (err instanceof OutboundFailed) return { kind: 'unreachable', url: url.href };
        if (err instanceof BadJson) return { kind: 'unreadable', url: url.href };
        throw err;
      }
    },
  };
}
