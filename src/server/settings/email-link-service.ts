import { randomToken, sha256Hex } from '../auth/tokens';
import { AppError, refusal, type ErrorCode } from '../errors';
import { emailLinkRepo } from './email-link-repo';
import { emailsRepo } from './emails-repo';
import { verificationBatch } from './email-verification';

const TOKEN = /^[A-Za-z0-9_-]{20,128}$/;

/** The link and its pending address, while the link can verify it; else the refusal (see below). */
async function usableLink(env: Env, token: string, now: number) {
  if (!TOKEN.test(token)) throw new AppError('E404110');
  const hash = await sha256Hex(token);
  const link = await emailLinkRepo(env.DB).find(hash);
  if (!link) throw new AppError('E404110');
  if (link.usedAt !== null) throw new AppError('E409119');
  if (link.expiresAt <= now) throw new AppError('E410104');
  const emails = emailsRepo(env.DB);
  const row = (await emails.list(link.accountId)).find((e) => e.emailNormalized === link.normalized);
  if (row?.verifiedAt) throw new AppError('E409119');
  if (await emails.verifiedElsewhere(link.normalized, link.accountId)) throw new AppError('E409108');
  // The address was removed from the account since the mail was sent: the link confers nothing.
  if (!row) throw new AppError('E404110');
  return { hash, link };
}

/**
 * What the page says when the link is opened (issue 35, item 5): null while the button can verify,
 * else the code it would answer. Reads only: opening the link changes nothing.
 */
export async function emailLinkProblem(env: Env, token: string): Promise<ErrorCode | null> {
  return refusal(usableLink(env, token, Date.now()));
}

/**
 * Verifies an added address by the link in its code mail (issue 20; /email/verification/{token}),
 * under exactly the rules of the code: the address must still be pending on the link's account, is
 * refused when another account holds it verified (E409108, ACC-02), and is verified by the same one
 * batch, led by the link's single use. Unknown link E404110, used (or the address already verified)
 * E409119, expired E410104. Anonymous: the link alone proves the mailbox, as the code does.
 */
export async function verifyEmailByLink(env: Env, token: string): Promise<void> {
  const now = Date.now();
  const { hash, link } = await usableLink(env, token, now);
  const links = emailLinkRepo(env.DB);
  const emails = emailsRepo(env.DB);
  const mark = randomToken(16);
  const results = await verificationBatch(env, link.accountId, link.normalized, now, {
    statement: links.consume(hash, now, mark),
    cond: links.usedBy(hash, mark),
  });
  if ((results[0]?.results.length ?? 0) === 0) {
    // Not used by this request: a parallel click used it first, or the address was verified or
    // taken meanwhile. Read again which one it was.
    if (await emails.verifiedElsewhere(link.normalized, link.accountId)) throw new AppError('E409108');
    throw new AppError('E409119');
  }
}
