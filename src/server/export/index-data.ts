import type { Translate } from '../../i18n/translator';
import type { IndexRow, IndexSection, ItemState } from './index-html';
import { ACCOUNT_DIR, IMAGES_DIR, pictureName } from './state';
import { exportSourceRepo, type LabelItem } from './wallet-repo';

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

/** The picture of an item, in this order: its baked badge, its stored image, else the one kept under images/. */
const OWN_PICTURES = ['badge-baked.png', 'badge-baked.svg', 'image.png', 'image.svg'];

/**
 * What the wallet shows of an item at `at`: revoked first, then no longer verifying at its last
 * re-check (an imported badge or a held record), then expired, else valid.
 */
export function stateAt(item: Pick<LabelItem, 'revokedAt' | 'expiresAt' | 'invalid'>, at: number): ItemState {
  if (item.revokedAt !== null) return 'revoked';
  if (item.invalid === 1) return 'invalid';
  return item.expiresAt !== null && item.expiresAt <= at ? 'expired' : 'valid';
}

/**
 * The index's sections: the archive's own file names grouped by item folder, labelled from the
 * wallet's rows (newest first, as the wallet lists them), each state as it was at `at` (when the
 * export began); a thumbnail is always a name read from the archive, so its link finds an entry.
 * The account's own files are listed apart.
 */
export async function indexSections(env: Env, t: Translate, accountId: string, central: Uint8Array, at: number) {
  const byDir = new Map<string, string[]>();
  const root: string[] = [];
  const pictures = new Set<string>();
  for (const name of centralNames(central)) {
    const dir = name.split('/').slice(0, 2).join('/');
    if (name.startsWith(`${ACCOUNT_DIR}/`)) root.push(name);
    else if (name.startsWith(`${IMAGES_DIR}/`)) pictures.add(name);
    else if (name.includes('/')) byDir.set(dir, [...(byDir.get(dir) ?? []), name]);
  }
  type Folder = 'badges' | 'imported' | 'certificates' | 'records';
  const kept = (prefix: Folder, id: string) =>
    prefix === 'imported' || prefix === 'records'
      ? []
      : [pictureName(prefix, id, 'png'), pictureName(prefix, id, 'svg')];
  const thumbnail = (prefix: Folder, id: string, files: string[]) =>
    OWN_PICTURES.map((n) => `${prefix}/${id}/${n}`).find((n) => files.includes(n)) ??
    kept(prefix, id).find((n) => pictures.has(n)) ??
    null;
  const src = exportSourceRepo(env.DB);
  const rows = (prefix: Folder, items: LabelItem[]): IndexRow[] =>
    items
      .flatMap((i) => {
        const files = byDir.get(`${prefix}/${i.id}`);
        if (!files) return [];
        const row = { label: i.name, issuer: i.issuerName, issuedOn: i.issuedOn, files };
        return [{ ...row, state: stateAt(i, at), thumbnail: thumbnail(prefix, i.id, files) }];
      })
      .sort((a, b) => b.issuedOn - a.issuedOn);
  const [issued, host, certs, records] = await Promise.all([
    all((a, l) => src.labels('issued', accountId, a, l)),
    all((a, l) => src.labels('host', accountId, a, l)),
    all((a, l) => src.labels('certs', accountId, a, l)),
    all((a, l) => src.labels('records', accountId, a, l)),
  ]);
  const sections: IndexSection[] = [
    { title: t('export.index.badges'), rows: rows('badges', issued) },
    { title: t('export.index.imported'), rows: rows('imported', host) },
    { title: t('export.index.certificates'), rows: rows('certificates', certs) },
    { title: t('export.index.records'), rows: rows('records', records) },
  ];
  return { sections, root };
}
