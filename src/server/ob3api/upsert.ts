import { AppError } from '../errors';
import { importBadge } from '../import/service';

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
export async function upsertCredential(env: Env, accountId: string, text: string, json: boolean, client: string) {
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
    // The OB 3.0 API holds badges; a learner record is refused there (E422108).
    await importBadge(env, accountId, { json: body }, client, Date.now(), false);
    return { created: true, body, json } satisfies UpsertResult;
  } catch (err) {
    if (err instanceof AppError && err.code === 'E409106') return { created: false, body, json } satisfies UpsertResult;
    throw err;
  }
}
