import { DEFAULT_LANGUAGE, toLanguage } from '../../i18n/languages';
import { escapeHtml } from '../../lib/html-escape';
import { normalizeEmail } from '../../lib/email';
import { randomToken, sha256Hex } from '../auth/tokens';
import { CONFIG } from '../config';
import { runBatch } from '../db/batch';
import { walletUrl } from '../http/wallet-url';
import { receptionRepo } from './reception-repo';
import type { Mail } from './types';
import { translator } from '../http/translator';

/** The page where a recipient manages their mail reception without signing in. */
export const RECEPTION_PAGE = '/verify/emailnotification';
/** RFC 8058 one-click unsubscribe (info mail off), which mail providers POST to. */
export const ONE_CLICK_PATH = '/api/v1.0/account/Wallet/MailReception/OneClick';

/**
 * Adds the footer every mail to an account carries (issue 20): a fresh per-account link to the
 * reception settings (a random token, stored as its digest, expiring), in the account's language;
 * and, on information mail, the List-Unsubscribe headers of RFC 8058 pointing at the one-click
 * endpoint with the same token. A mail to an address no account holds verified goes unchanged.
 */
export async function withReceptionFooter(env: Env, mail: Mail, now: number): Promise<Mail> {
  const repo = receptionRepo(env.DB);
  const normalized = normalizeEmail(mail.to);
  const account = await repo.accountOf(normalized);
  if (!account) return mail;
  const token = randomToken(32);
  await runBatch(env.DB, [
    repo.insertLink(await sha256Hex(token), account.id, normalized, now + CONFIG.links.receptionDays * 86_400_000, now),
  ]);
  const t = await translator(env, toLanguage(account.language) ?? DEFAULT_LANGUAGE);
  const url = walletUrl(env, `${RECEPTION_PAGE}?token=${token}`);
  const line = t('settings.mail_reception.footer');
  const html = mail.html.replace(
    /<\/body><\/html>$/,
    `<p style="font-size:13px;color:#4a5563">${escapeHtml(line)} <a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p></body></html>`,
  );
  const headers =
    mail.kind === 'info'
      ? {
          ...mail.headers,
          'List-Unsubscribe': `<${new URL(`${ONE_CLICK_PATH}?token=${token}`, env.PUBLIC_BASE_URL).href}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        }
      : mail.headers;
  return { ...mail, text: `${mail.text}\n\n${line} ${url}`, html, ...(headers ? { headers } : {}) };
}
