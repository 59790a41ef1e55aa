import { normalizeEmail } from '../../lib/email';
import { newId } from '../auth/tokens';
import { CONFIG } from '../config';
import { runBatch, type BatchItem } from '../db/batch';
import { AppError } from '../errors';
import { FLOW_SECONDS } from './cookies';
import { flowRepo } from './flow-repo';
import { identityRepo, type NewPortalAccount } from './identity-repo';
import type { PortalClaims } from './oidc';

const clip = (s: string) => s.trim().slice(0, CONFIG.names.max);

/** Names for a new type-1 account: given/family name, else the full name, else the address's local part. */
export function namesOf(claims: Pick<PortalClaims, 'givenName' | 'familyName' | 'name' | 'email'>) {
  const first = claims.givenName ?? claims.name ?? claims.email?.split('@')[0] ?? '';
  return { firstName: clip(first) || 'Portal', lastName: clip(claims.familyName ?? '') };
}

/** Runs an account-creating batch and answers whose the identity is afterwards. */
export async function createAndRead(d1: D1Database, a: NewPortalAccount, extra: BatchItem[] = []) {
  const repo = identityRepo(d1);
  const results = await runBatch(d1, [...repo.createStatements(a), ...extra, repo.readIdentity(a.issuer, a.subject)]);
  const row = results.at(-1)?.results[0] as { accountId?: string } | undefined;
  if (!row?.accountId) throw new AppError('E409120');
  return row.accountId;
}

export type Resolution = { accountId: string } | { pending: true };

/**
 * Who a validated portal identity is here (issue 20 item 3, SSO-05): a known (issuer, sub) is its
 * account; otherwise a new type-1 account, with the address verified only when the provider says
 * so and no live account holds it. When a live wallet account holds it, nothing is linked or taken:
 * the choice waits (bound to this browser) for the existing-account page.
 */
export async function resolveIdentity(
  d1: D1Database,
  providerId: string,
  claims: PortalClaims,
  ctx: { language: string; bindingHash: string; returnTo: string },
): Promise<Resolution> {
  const repo = identityRepo(d1);
  const known = await repo.accountOf(claims.issuer, claims.subject);
  if (known) return known;
  const normalized = claims.email ? normalizeEmail(claims.email) : null;
  const names = namesOf(claims);
  const now = Date.now();
  let verified = claims.emailVerified && normalized !== null;
  if (verified && normalized) {
    const holder = await repo.verifiedHolder(normalized);
    if (holder?.userType === 2) {
      await flowRepo(d1)
        .putPending({
          bindingHash: ctx.bindingHash,
          providerId,
          issuer: claims.issuer,
          subject: claims.subject,
          email: claims.email ?? normalized,
          emailNormalized: normalized,
          ...names,
          language: ctx.language,
          sid: claims.sid,
          idToken: claims.idToken,
          authTime: claims.authTime,
          returnTo: ctx.returnTo,
          createdAt: now,
          expiresAt: now + FLOW_SECONDS * 1000,
        })
        .run();
      return { pending: true };
    }
    // Another portal account has verified it: this one starts without it (it stays that account's).
    if (holder) verified = false;
  }
  const accountId = await createAndRead(d1, {
    accountId: newId(),
    emailId: newId(),
    issuer: claims.issuer,
    subject: claims.subject,
    providerId,
    ...names,
    language: ctx.language,
    email: claims.email && normalized ? { address: claims.email.trim(), normalized, verified } : null,
    now,
  });
  return { accountId };
}
