import type { Language } from '../../i18n/languages';
import type { Translate } from '../../i18n/translator';
import { exportDate, README_NAME } from './index-html';
import { ACCOUNT_DIR, IMAGES_DIR } from './state';

/*
 * README.txt of the archive, in the account's language: what each folder and file is, and how to
 * check a badge. File and folder names stay as the archive spells them; only the words around them
 * are translated. Plain UTF-8 text with LF line ends, which every current editor reads.
 */

/** One folder or file and what it is; `files` are the folder's own files, one level in. */
interface Entry {
  name: string;
  key: string;
  files?: [string, string][];
}

const ENTRIES: Entry[] = [
  { name: 'index.html', key: 'index_html' },
  { name: README_NAME, key: 'readme_txt' },
  { name: `${ACCOUNT_DIR}/`, key: 'account' },
  {
    name: 'badges/<id>/',
    key: 'badges',
    files: [
      ['assertion-ob2.json', 'assertion_ob2'],
      ['badge-baked.png, badge-baked.svg', 'baked'],
      ['credential-ob3.json', 'ob3'],
      ['blockcerts.json', 'blockcerts'],
    ],
  },
  {
    name: 'imported/<id>/',
    key: 'imported',
    files: [
      ['assertion.json', 'host_record'],
      ['credential-*.json, credential-*.jwt, blockcerts.json', 'host_credential'],
      ['image.png', 'image'],
    ],
  },
  {
    name: 'certificates/<id>/',
    key: 'certificates',
    files: [
      ['certificate.json', 'cert_json'],
      ['certificate.pdf', 'cert_pdf'],
      ['blockcerts.json', 'blockcerts'],
    ],
  },
  {
    name: 'records/<id>/',
    key: 'records',
    files: [['learner-record.json, learner-record.jwt', 'record_file']],
  },
  { name: `${IMAGES_DIR}/`, key: 'images' },
];

/** The README's text for an export begun at `exportedAt`; `verifyUrl` is the wallet's public verify page. */
export function readmeText(t: Translate, lang: Language, exportedAt: number, verifyUrl: string): string {
  const r = (key: string, params?: Record<string, string>) => t(`export.readme.${key}`, params ?? {});
  const heading = (text: string) => [text, '-'.repeat(40)];
  const lines = [
    r('title'),
    '='.repeat(40),
    '',
    r('intro', { date: exportDate(lang).format(exportedAt) }),
    '',
    ...heading(r('files')),
    '',
    ...ENTRIES.flatMap((e) => [
      e.name,
      `    ${r(e.key)}`,
      ...(e.files ?? []).flatMap(([name, key]) => [`    - ${name}`, `        ${r(key)}`]),
      '',
    ]),
    r('revoked'),
    '',
    ...heading(r('verify')),
    '',
    r('verify_page', { url: verifyUrl }),
    '',
    r('verify_any'),
    '',
    r('verify_live'),
    '',
    r('import', { import: t('export.import_title'), page: t('export.title') }),
    '',
  ];
  return lines.join('\n');
}
