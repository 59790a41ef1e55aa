import { htmlLang, type Language } from '../../i18n/languages';
import type { Translate } from '../../i18n/translator';
import { fullName } from '../../lib/names';

/*
 * The language rule of every PDF the wallet prints (the badge certificate now; an academic
 * certificate's PDF is to use the same functions), also written down in docs/design/decisions.md:
 * 1. A PDF is in the language of the request that downloads it: the page's language. Its labels
 *    come from the catalogues (download.pdf_*), its dates are formatted for that language, and the
 *    font slices are picked for the script of every character (src/server/fonts).
 * 2. The name printed is the person's wallet name, as they wrote it, in that language's name
 *    order (`fullName`). An English download prints the English name instead when both
 *    English names are set (spec §3: "English names are for PDFs"); without them, the wallet name.
 * 3. An academic document (issue 18) is printed once, in the document's own language (the one its
 *    issuer chose from the template's), not the reader's; its labels are certificate_pdf.*. The name
 *    printed is the recipient's name as the issuer wrote it. Only when the document is in English
 *    and that name is not in Latin script does it print the owner's English names instead, when
 *    the owner has set both (rule 2's reason: English names are for PDFs); the issuer's wording is
 *    otherwise never replaced, since the document is the issuer's statement.
 */

/** The names an account keeps: the wallet name and the optional English one. */
export interface PdfNames {
  firstName: string;
  lastName: string;
  firstNameEn: string | null;
  lastNameEn: string | null;
}

/** The recipient's name as a PDF in `lang` prints it (rule 2 above; `_t` unused since names need no catalogue). */
export function pdfRecipientName(_t: Translate, lang: Language, n: PdfNames): string {
  if (lang === 'en' && n.firstNameEn && n.lastNameEn) return fullName(n.firstNameEn, n.lastNameEn, lang);
  return fullName(n.firstName, n.lastName, lang);
}

/** The printed lines of a badge certificate around the recipient's and the badge's names. */
export interface CertificateText {
  title: string;
  certifies: string;
  earned: string;
  issuedBy: string;
  issuedOn: string;
  expiresOn: string | null;
  verify: string;
  /** Set when the issuer revoked the badge: the mark and its line (date, and reason if given). */
  revoked: { mark: string; line: string } | null;
}

/** A badge certificate's labels and dates in the download's language (rule 1 above). */
export function certificateText(
  t: Translate,
  lang: Language,
  b: {
    issuer: string;
    issuedOn: number;
    expiresAt: number | null;
    verifyUrl: string;
    revoked: { on: number; reason: string | null } | null;
  },
): CertificateText {
  const date = new Intl.DateTimeFormat(htmlLang(lang), { dateStyle: 'long', timeZone: 'UTC' });
  const { revoked } = b;
  return {
    title: t('download.pdf_title'),
    certifies: t('download.pdf_certifies'),
    earned: t('download.pdf_earned'),
    issuedBy: t('download.pdf_issued_by', { issuer: b.issuer }),
    issuedOn: t('download.pdf_issued_on', { date: date.format(b.issuedOn) }),
    expiresOn: b.expiresAt === null ? null : t('download.pdf_expires_on', { date: date.format(b.expiresAt) }),
    verify: t('download.pdf_verify', { url: b.verifyUrl }),
    revoked: revoked && {
      mark: t('download.pdf_revoked_mark'),
      line: revoked.reason
        ? t('download.pdf_revoked_reason', { date: date.format(revoked.on), reason: revoked.reason })
        : t('download.pdf_revoked', { date: date.format(revoked.on) }),
    },
  };
}

/** Latin letters, digits, punctuation and combining marks only: a name an English PDF can print as is. */
const LATIN_NAME = /^[\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]*$/u;

/** The name an academic document's PDF prints (rule 3 above). */
export function acadPdfName(
  _t: Translate,
  lang: Language,
  issuedName: string,
  owner: Pick<PdfNames, 'firstNameEn' | 'lastNameEn'> | null,
): string {
  if (lang !== 'en' || LATIN_NAME.test(issuedName) || !owner?.firstNameEn || !owner.lastNameEn) return issuedName;
  return fullName(owner.firstNameEn, owner.lastNameEn, lang);
}
