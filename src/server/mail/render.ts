import type { Translate } from '../../i18n/translator';
import { escapeHtml } from '../../lib/html-escape';
import { headerSafe, type Mail } from './types';

export interface MailContent {
  subject: string;
  /** Paragraphs of plain text; issuer-supplied values are inserted as text, never markup. */
  paragraphs: string[];
  action?: { label: string; url: string };
  footer: string;
}

/** Renders one mail as plain text and as simple, escaped HTML from the same content. */
export function renderMail(to: string, content: MailContent, t: Translate): Mail {
  const text = [
    ...content.paragraphs,
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    '—',
    content.footer,
  ].join('\n\n');
  const button = content.action
    ? `<p><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 20px;background:#0b5cad;color:#fff;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p><p style="font-size:13px;color:#4a5563">${escapeHtml(content.action.url)}</p>`
    : '';
  const html = `<!doctype html><html lang="${escapeHtml(t('mail.lang'))}"><body style="font-family:system-ui,sans-serif;color:#1c2430;line-height:1.6;max-width:560px;margin:auto;padding:24px">${content.paragraphs.map((p) => `<p dir="auto">${escapeHtml(p)}</p>`).join('')}${button}<hr style="border:0;border-top:1px solid #d5dae1"><p style="font-size:13px;color:#4a5563">${escapeHtml(content.footer)}</p></body></html>`;
  return { to: headerSafe(to), subject: headerSafe(content.subject), text, html };
}
