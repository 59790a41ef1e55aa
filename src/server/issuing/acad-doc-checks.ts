import { toLanguage, type Language } from '../../i18n/languages';
import { AppError } from '../errors';
import { unprintable } from '../fonts/load';
import type { AcadDocKind, CertTemplate, TranscriptRow } from './templates';

/** What a document asks of its template, before it is written. */
export interface DocAsk {
  kind?: AcadDocKind | undefined;
  language?: string | undefined;
  rows?: TranscriptRow[] | undefined;
}

/**
 * Fits a document to its template: a retired template is missing (E422105); a kind or language the
 * template does not have, or rows on anything but a transcript, does not fit (E422106). Returns the
 * language the document is written in (the template's first when none is asked for).
 */
export function fitTemplate(t: CertTemplate, ask: DocAsk): { language: Language; rowsJson: string | null } {
  if (t.retired) throw new AppError('E422105');
  if (ask.kind !== undefined && ask.kind !== t.kind) throw new AppError('E422106');
  const language = ask.language === undefined ? t.languages[0] : toLanguage(ask.language);
  if (!language || !t.languages.includes(language)) throw new AppError('E422106');
  if (t.kind !== 'transcript') {
    if (ask.rows?.length) throw new AppError('E422106');
    return { language, rowsJson: null };
  }
  if (!ask.rows?.length) throw new AppError('E400100', {}, [{ field: 'rows', key: 'validation.required' }]);
  return { language, rowsJson: JSON.stringify(ask.rows) };
}

/**
 * Refuses a document with characters no bundled font draws (E422107, listing them), so no PDF is
 * ever printed with empty boxes in a name: checked before anything is written.
 */
export async function assertPrintableDoc(
  env: Env,
  doc: { name: string; title: string; issuerName: string; details: Record<string, unknown>; rows: TranscriptRow[] },
) {
  const text = [
    doc.name,
    doc.title,
    doc.issuerName,
    ...Object.entries(doc.details).flatMap(([k, v]) => [k, String(v)]),
    ...doc.rows.flatMap((r) => [r.course, r.grade, r.term]),
  ].join('\n');
  const missing = await unprintable(env, text);
  if (missing.length) throw new AppError('E422107', { chars: missing.slice(0, 20).join(' ') });
}
