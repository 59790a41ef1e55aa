import { assertPublicName } from './dns';
import { checkUrl, OutboundRefused, type UrlPolicy } from './url-policy';

export interface OutboundPolicy extends UrlPolicy {
  dohUrl: string;
  /** Public names answered by a local stand-in (tests only: outbound/policy.ts). */
  standIns?: ReadonlyMap<string, string>;
}

/** Fetches left for one verification or import (SSRF-15): the OB chain needs at most about ten. */
export class FetchBudget {
  constructor(public left = 10) {}
  take(url: string): void {
    if (this.left <= 0) throw new OutboundFailed('budget', url);
    this.left -= 1;
  }
}

/** A fetch that could not complete: not "invalid", only "could not check" (HV-08). */
export class OutboundFailed extends Error {
  constructor(
    readonly reason: 'budget' | 'redirects' | 'timeout' | 'too-large' | 'network',
    readonly url: string,
  ) {
    super(`outbound fetch failed (${reason})`);
    this.name = 'OutboundFailed';
  }
}

export interface FetchOptions {
  budget: FetchBudget;
  /** Body cap in decoded bytes (SSRF-12). */
  maxBytes: number;
  accept: string;
  headersTimeoutMs?: number;
  totalTimeoutMs?: number;
  /** A POST (JSON-RPC to a chain node): its redirects are refused, since a body is never replayed. */
  post?: { body: string; contentType: string };
}

export interface Fetched {
  url: string;
  status: number;
  contentType: string;
  body: Uint8Array;
}

export const MAX_REDIRECTS = 5;

/**
 * The one way the verifier and the import reach other servers. Every hop is checked by the URL
 * policy and, for names, by DNS; redirects are followed by hand (at most five, each re-checked,
 * SSRF-08/09); headers must arrive within 5 s and the whole body within 10 s (SSRF-11); the body is
 * read as a stream and abandoned at the cap, counting bytes after decompression (SSRF-12).
 */
export async function guardedFetch(policy: OutboundPolicy, raw: string, o: FetchOptions): Promise<Fetched> {
  const total = AbortSignal.timeout(o.totalTimeoutMs ?? 10_000);
  let current = raw;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const { url, needsDns } = checkUrl(current, policy);
    o.budget.take(url.href);
    try {
      const standIn = policy.standIns?.get(url.hostname);
      if (needsDns && !standIn) await assertPublicName(policy.dohUrl, url.hostname, total);
      const res = await withHeadersTimeout(
        standIn ? `http://${standIn}${url.pathname}${url.search}` : url.href,
        o,
        total,
      );
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        await res.body?.cancel();
        if (o.post) throw new OutboundFailed('redirects', url.href);
        current = new URL(location, url).href;
        continue;
      }
      const body = await readCapped(res, o.maxBytes, url.href);
      return { url: url.href, status: res.status, contentType: res.headers.get('content-type') ?? '', body };
    } catch (err) {
      if (err instanceof OutboundRefused || err instanceof OutboundFailed) throw err;
      const name = (err as Error).name;
      throw new OutboundFailed(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network', url.href);
    }
  }
  throw new OutboundFailed('redirects', raw);
}

async function withHeadersTimeout(href: string, o: FetchOptions, total: AbortSignal): Promise<Response> {
  const headers = AbortSignal.timeout(o.headersTimeoutMs ?? 5_000);
  const ua = { accept: o.accept, 'user-agent': 'Lanyard-Verifier/1.0 (+Open Badges 2.0)' };
  return fetch(href, {
    redirect: 'manual',
    ...(o.post
      ? { method: 'POST', body: o.post.body, headers: { ...ua, 'content-type': o.post.contentType } }
      : { headers: ua }),
    signal: AbortSignal.any([total, headers]),
  });
}

async function readCapped(res: Response, maxBytes: number, href: string): Promise<Uint8Array> {
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > maxBytes) {
    await res.body?.cancel();
    throw new OutboundFailed('too-large', href);
  }
  if (!res.body) return new Uint8Array();
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new OutboundFailed('too-large', href);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
