import type { Context } from 'hono';
import { checkLogin } from '../accounts/login';
import { accountRepo } from '../accounts/account-repo';
import { newId, sha256Hex } from '../auth/tokens';
import type { AppEnv } from '../context';
import { AppError } from '../errors';
import { mergeRepo } from '../settings/merge-repo';
import { bindingCookieName, bindingHash, clearBinding } from './cookies';
import { flowRepo } from './flow-repo';
import { identityRepo } from './identity-repo';
import { createAndRead } from './link-service';
import { signInPortalUser } from './sign-in';

/** What the existing-account page shows: the address, and the portal's name. */
export async function pendingChoice(env: Pick<Env, 'DB'>, binding: string | null) {
  if (!binding) return null;
  const p = await flowRepo(env.DB).pending(binding, Date.now());
  return p ? { email: p.email, providerId: p.providerId } : null;
}

/**
 * The existing-account page's answer (issue 20 item 3; spec §1 merge). "merge": the wallet account's
 * password, checked like a login (lockout counted), then ONE batch makes the type-1 account, links
 * the identity and merges the wallet account into it with the settings merge statements (the merged
 * account can no longer sign in) and makes the moved address primary. "separate": a type-1 account
 * without the address, which stays the wallet account's. Either way the waiting row goes in the same
 * batch, so a second or parallel completion changes nothing more. Answers the return URL.
 */
export async function completeChoice(c: Context<AppEnv>, choice: string, password: string): Promise<string> {
  const binding = await bindingHash(c);
  const pending = binding ? await flowRepo(c.env.DB).pending(binding, Date.now()) : null;
  if (!binding || !pending) throw new AppError('E410120');
  const ids = identityRepo(c.env.DB);
  const now = Date.now();
  const base = {
    accountId: newId(),
    emailId: newId(),
    issuer: pending.issuer,
    subject: pending.subject,
    providerId: pending.providerId,
    firstName: pending.firstName,
    lastName: pending.lastName,
    language: pending.language,
    email: null,
    pendingBindingHash: binding,
    now,
  };
  let loginEmail = '';
  let accountId: string;
  if (choice === 'merge') {
    const wallet = await checkLogin(c.env, pending.email, password);
    const mergeId = newId();
    const source = wallet.id;
    accountId = await createAndRead(c.env.DB, base, [
      ids.insertMerge(mergeId, source, base.accountId, now),
      ...mergeRepo(c.env.DB).statements(mergeId, source, base.accountId, now),
      ids.makePrimary(base.accountId, pending.emailNormalized),
      flowRepo(c.env.DB).deletePending(binding),
    ]);
    loginEmail = pending.emailNormalized;
  } else if (choice === 'separate') {
    accountId = await createAndRead(c.env.DB, base, [flowRepo(c.env.DB).deletePending(binding)]);
  } else {
    throw new AppError('E400100');
  }
  const account = await accountRepo(c.env.DB).profile(accountId);
  if (!account || account.status !== 'active') throw new AppError('E409120');
  clearBinding(c);
  await signInPortalUser(c, account, pending.providerId, { ...pending, authTime: pending.authTime }, loginEmail);
  return pending.returnTo;
}

/** The existing-account page's data, from the raw binding cookie of the request (null: nothing waits). */
export async function pendingChoiceForPage(env: Pick<Env, 'DB'>, cookieValue: string | undefined) {
  if (!cookieValue || cookieValue.length > 64) return null;
  return pendingChoice(env, await sha256Hex(cookieValue));
}

export { bindingCookieName };
