import type { Translate } from '../../i18n/translator';
import type { IndexSection } from './index-html';
import { ACCOUNT_DIR } from './state';
import { exportSourceRepo } from './wallet-repo';

const dec = new TextDecoder();
const PAGE = 1000;

/** The names in a central directory written by zipRecord (no extra fields, no comments). */
export function centralNames(central: Uint8Array): string[] {
  const v = new DataView(central.buffer, central.byteOffset, central.byteLength);
  const names: string[] = [];
  for (let at = 0; at + 46 <= central.length;) {
    const n = v.getUint16(at + 28, true);
    const skip = n + v.getUint16(at + 30, true) + v.getUint16(at + 32, true);
    names.push(dec.decode(central.subarray(at + 46, at + 46 + n)));
    at += 46 + skip;
  }
  return names;
}

/** Every label of a section, page by page. */
async function all<T extends { id: string }>(read: (after: string, limit: number) => Promise<T[]>) {
  const out: T[] = [];
  for (let after = ''; ;) {
    const page = await read(after, PAGE);
    out.push(...page);
    const last = page.at(-1);
    if (page.length < PAGE || !last) return out;
    after = last.id;
  }
}

/**
 * The index's sections: the archive's own file names grouped by item folder, labelled from the
 * wallet's rows; the account's own files are listed apart.
 */
export async function indexSections(env: Env, t: Translate, accountId: string, central: Uint8Array) {
  const byDir = new Map<string, string[]>();
  const root: string[] = [];
  for (const name of centralNames(central)) {
    const dir = name.split('/').slice(0, 2).join('/');
    if (name.startsWith(`${ACCOUNT_DIR}/`)) root.push(name);
    else if (name.includes('/')) byDir.set(dir, [...(byDir.get(dir) ?? []), name]);
  }
  const src = exportSourceRepo(env.DB);
  const rows = (prefix: string, items: { id: string; name: string; issuerName: string; issuedOn: number }[]) =>
    items.flatMap((i) => {
      const files = byDir.get(`${prefix}/${i.id}`);
      return files ? [{ label: i.name, issuer: i.issuerName, issuedOn: i.issuedOn, files }] : [];
    });
  const [issued, host, certs] = await Promise.all([
    all((a, l) => src.labels('issued', accountId, a, l)),
    all((a, l) => src.labels('host', accountId, a, l)),
    all((a, l) => src.labels('certs', accountId, a, l)),
  ]);
  const sections: IndexSection[] = [
    { title: t('export.index.badges'), rows: rows('badges', issued) },
    { title: t('export.index.imported'), rows: rows('imported', host) },
    { title: t('export.index.certificates'), rows: rows('certificates', certs) },
  ];
  return { sections, root };
}
