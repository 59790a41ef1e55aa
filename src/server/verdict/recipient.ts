import { bytesToHex } from '../../lib/bytes';

/**
 * Recipient rule of every format (OB 2.0 IdentityObject; OB 3.0 and Blockcerts read theirs into this shape): the badge's identity must be one of the account's
 * *verified* email addresses (HV-06), plain or hashed as "sha256$hex" / "md5$hex" with the salt.
 * Only type "email" can match a wallet account.
 */
export interface Identity {
  type?: unknown;
  identity?: unknown;
  hashed?: unknown;
  salt?: unknown;
}

async function digest(algorithm: 'SHA-256' | 'MD5', text: string): Promise<string> {
  const bytes = await crypto.subtle.digest(algorithm, new TextEncoder().encode(text));
  return bytesToHex(new Uint8Array(bytes));
}

export type RecipientResult =
  { ok: true; email: string } | { ok: false; code: 'E022' | 'E023' | 'E024' | 'E025' | 'W001' | 'W002' };

export async function matchRecipient(recipient: unknown, verifiedEmails: readonly string[]): Promise<RecipientResult> {
  if (!recipient || typeof recipient !== 'object') return { ok: false, code: 'E022' };
  const r = recipient as Identity;
  if (typeof r.identity !== 'string' || r.identity.length === 0) return { ok: false, code: 'E022' };
  if (r.type !== 'email') return { ok: false, code: 'W002' };
  if (verifiedEmails.length === 0) return { ok: false, code: 'W001' };
  const salt = typeof r.salt === 'string' ? r.salt : '';
  const emails = verifiedEmails.map((e) => e.trim().toLowerCase());
  if (r.hashed !== true && r.hashed !== 'true') {
    const hit = emails.find((e) => e === (r.identity as string).trim().toLowerCase());
    return hit ? { ok: true, email: hit } : { ok: false, code: 'E025' };
  }
  const m = /^(sha256|md5)\$([0-9a-f]+)$/i.exec(r.identity);
  // Another algorithm (E024) or no "algorithm$hex" form at all (E023).
  if (!m) return { ok: false, code: /^[a-z0-9-]+\$/i.test(r.identity) ? 'E024' : 'E023' };
  const algorithm = m[1]?.toLowerCase() === 'md5' ? 'MD5' : 'SHA-256';
  const want = (m[2] ?? '').toLowerCase();
  for (const email of emails) if ((await digest(algorithm, email + salt)) === want) return { ok: true, email };
  return { ok: false, code: 'E025' };
}
