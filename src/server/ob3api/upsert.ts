import type { Context } from 'hono';
import { AppError } from '../errors';
import { clientKey } from '../http/throttle';
import { importBadge } from '../import/service';
import type { Ob3Env } from '../middleware/bearer';

/** What upsertCredential answers: the credential as sent, and whether it is new in the wallet. */
export interface UpsertResult {
  created: boolean;
  body: string;
  json: boolean;
}

/**
 * upsertCredential (1EdTech OB 3.0 §6.2.3): an OB 3.0 credential as JSON, or a VC-JWT as text, is
 * verified and imported into the person's wallet exactly as the wallet's own import does (same
 * checks, throttles, recipient rule). The same credential held already answers 200 instead of 201.
 */
export async function upsertCredential(
  env: Env,
  accountId: string,
  text: string,
  json: boolean,
  client: string,
  accept: 'badges' | 'records' = 'badges',
) {
  const body = text.trim();
  if (json) {
    try {
      const parsed: unknown = JSON.parse(body);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new AppError('E422100');
    } catch (err) {
      throw err instanceof AppError ? err : new AppError('E400101');
    }
  } else if (!/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+$/.test(body)) {
    throw new AppError('E422100');
  }
  try {
    // The OB 3.0 API holds badges (a learner record is E422108 there); the CLR 2.0 API holds
    // learner records only (a badge is E422109 there).
    await importBadge(env, accountId, { json: body }, client, Date.now(), accept);
    return { created: true, body, json } satisfies UpsertResult;
  } catch (err) {
    if (err instanceof AppError && err.code === 'E409106') return { created: false, body, json } satisfies UpsertResult;
    throw err;
  }
}

const JSON_TYPES = ['application/json', 'application/vc+ld+json', 'application/ld+json'];

/**
 * The upsertCredential call of both APIs: JSON (as application/json, vc+ld+json or ld+json) or a
 * VC-JWT as text/plain, anything else E415100; 201 when new, 200 when held already, the
 * credential as sent in the answer.
 */
export async function answerUpsert(c: Context<Ob3Env>, accept: 'badges' | 'records') {
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const json = JSON_TYPES.includes(type);
  if (!json && type !== 'text/plain') throw new AppError('E415100');
  const text = await c.req.text();
  const r = await upsertCredential(c.env, c.var.ob3.accountId, text, json, clientKey(c.req.raw.headers), accept);
  c.header('Cache-Control', 'no-store');
  const status = r.created ? 201 : 200;
  return json ? c.json(JSON.parse(r.body) as object, status) : c.text(r.body, status);
}
