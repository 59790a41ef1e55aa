import type { Context } from 'hono';
import type { Ob3Env } from '../middleware/bearer';
import { AppError } from '../errors';
import { clrIssuing } from '../clr/issue';
import { clrUrl, OB3_API, ob3Url } from './config';
import { clrHolderRepo } from './clr-holder-repo';
import { holderRepo, type HeldRow, type listedRows } from './holder-repo';

type Obj = Record<string, unknown>;

/** The signed OB 3.0 credential of an award made here (helper B's ob3CredentialOf), or null. */
export type IssuedCredential = (env: Env, assertionId: string, now?: number) => Promise<Obj | null>;

export interface ListQuery {
  limit: number;
  offset: number;
  since: number;
  sinceText: string | null;
}

/** limit, offset and since of getCredentials (1EdTech OB 3.0 §6.2.2); anything else is E400168. */
export function readListQuery(q: (name: string) => string | undefined): ListQuery {
  const int = (name: string, fallback: number, min: number, max: number) => {
    const v = q(name);
    if (v === undefined) return fallback;
    if (!/^\d{1,7}$/.test(v) || Number(v) < min || Number(v) > max) throw new AppError('E400168');
    return Number(v);
  };
  const sinceText = q('since') ?? null;
  const since = sinceText === null ? -1 : Date.parse(sinceText);
  // An ISO 8601 date-time with a zone, as the specification asks; Date.parse alone is too lenient.
  if (
    sinceText !== null &&
    (!/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(sinceText) || Number.isNaN(since))
  )
    throw new AppError('E400168');
  return {
    limit: int('limit', OB3_API.defaultLimit, 1, OB3_API.maxLimit),
    offset: int('offset', 0, 0, 9_999_999),
    since,
    sinceText,
  };
}

/** RFC 8288 links to the first, previous, next and last pages, as OB 3.0 §6.2.2 asks. */
function links(url: string, q: ListQuery, total: number): string {
  const at = (offset: number) => {
    const p = new URLSearchParams({ limit: String(q.limit), offset: String(offset) });
    if (q.sinceText !== null) p.set('since', q.sinceText);
    return `<${url}?${p.toString()}>`;
  };
  const last = total === 0 ? 0 : Math.floor((total - 1) / q.limit) * q.limit;
  const out = [`${at(0)}; rel="first"`, `${at(last)}; rel="last"`];
  if (q.offset > 0) out.push(`${at(Math.max(0, q.offset - q.limit))}; rel="prev"`);
  if (q.offset + q.limit < total) out.push(`${at(q.offset + q.limit)}; rel="next"`);
  return out.join(', ');
}

/**
 * getCredentials: the person's OB 3.0 credentials, newest first: awards made here as signed
 * OpenBadgeCredentials, and imported OB 3.0 badges exactly as received (JSON in `credential`, a
 * VC-JWT in `compactJwsString`). OB 2.0 and Blockcerts badges are not listed.
 */
export async function listCredentials(env: Env, accountId: string, q: ListQuery, issued: IssuedCredential) {
  return listed(env, { repo: holderRepo(env.DB), issued, url: ob3Url(env, '/credentials') }, accountId, q);
}

/** Where a credentials list comes from: its rows, the signed credential of a row issued here, its own address. */
interface ListSource {
  repo: ReturnType<typeof listedRows>;
  issued: IssuedCredential;
  url: string;
}

/**
 * getCredentials of the CLR 2.0 API (issue 38): the person's ClrCredentials, newest first, in the
 * OB 3.0 response's shape: the records of documents issued here (signed on first use) and the
 * records held from elsewhere as received (JSON in `credential`, a VC-JWT in `compactJwsString`).
 */
export async function listClrCredentials(env: Env, accountId: string, q: ListQuery) {
  return listed(
    env,
    { repo: clrHolderRepo(env.DB), issued: clrIssuing.credential, url: clrUrl(env, '/credentials') },
    accountId,
    q,
  );
}

async function listed(env: Env, src: ListSource, accountId: string, q: ListQuery) {
  const { repo, issued } = src;
  const [total, rows] = await Promise.all([
    repo.count(accountId, q.since),
    repo.page(accountId, q.since, q.limit, q.offset),
  ]);
  const credential: Obj[] = [];
  const compactJwsString: string[] = [];
  for (const row of rows) await collect(env, row, issued, credential, compactJwsString);
  const body = compactJwsString.length ? { credential, compactJwsString } : { credential };
  return { body, total, link: links(src.url, q, total) };
}

/**
 * 1EdTech's GetOpenBadgeCredentialsResponse schema wants `proof` as an array. A single proof object
 * and a one-element list mean the same in the VC data model (a proof set), and verifiers check
 * either, so a lone proof is listed as a list of one; nothing else is touched.
 */
function asListed(credential: Obj): Obj {
  const proof = credential['proof'];
  return proof && typeof proof === 'object' && !Array.isArray(proof) ? { ...credential, proof: [proof] } : credential;
}

async function collect(env: Env, row: HeldRow, issued: IssuedCredential, json: Obj[], jws: string[]) {
  if (row.kind === 'issued') {
    const doc = await issued(env, row.id);
    if (doc) json.push(asListed(doc));
    return;
  }
  const raw = (row.raw ?? '').trim();
  if (!raw.startsWith('{')) {
    jws.push(raw);
    return;
  }
  try {
    json.push(asListed(JSON.parse(raw) as Obj));
  } catch {
    // Stored as received after it verified, so this cannot happen; a broken row is left out.
  }
}

/**
 * The getCredentials call of both APIs: the query read (E400168), the page listed, its total and
 * links as headers, never cached.
 */
export async function answerList(
  c: Context<Ob3Env>,
  list: (env: Env, accountId: string, q: ListQuery) => ReturnType<typeof listed>,
) {
  const q = readListQuery((name) => c.req.query(name));
  const { body, total, link } = await list(c.env, c.var.ob3.accountId, q);
  c.header('X-Total-Count', String(total));
  c.header('Link', link);
  c.header('Cache-Control', 'no-store');
  return c.json(body);
}
