import { path } from '../../lib/paths';

/** The sections of an export, in the order the steps write them. */
export const SECTIONS = ['meta', 'issued', 'host', 'certs', 'records', 'final'] as const;
export type Section = (typeof SECTIONS)[number];

/**
 * What one export step needs from the last: the R2 multipart upload, the parts sent, the archive's
 * byte offset and entry count, and where in the wallet to continue (section + last id written).
 * Small by design: the carried bytes (tail under one part, central directory) live in R2.
 */
export interface ExportState {
  uploadId: string | null;
  parts: { partNumber: number; etag: string }[];
  offset: number;
  entries: number;
  section: Section;
  after: string;
  /** Items (badges, imported badges, certificates, held records) in the wallet when the export began, and done. */
  total: number;
  done: number;
}

export const initialState = (total: number): ExportState => ({
  uploadId: null,
  parts: [],
  offset: 0,
  entries: 0,
  section: 'meta',
  after: '',
  total,
  done: 0,
});

/** The percentage shown while building: never 100 before the ZIP is complete. */
export const progressOf = (s: ExportState) => Math.min(99, Math.floor((s.done * 100) / Math.max(1, s.total + 1)));

/** The account's own records sit in one folder of the archive, apart from the per-item folders. */
export const ACCOUNT_DIR = 'account';

/**
 * The pictures index.html shows for items whose own folder has none (a certificate, a badge revoked
 * or deleted by its issuer): `images/<folder>/<id>.<ext>`, apart from the item folders, which keep
 * exactly what the item's downloads give. No picture there carries a credential.
 */
export const IMAGES_DIR = 'images';
export const pictureName = (folder: 'badges' | 'certificates', id: string, ext: 'png' | 'svg') =>
  `${IMAGES_DIR}/${folder}/${id}.${ext}`;

export const EXPORT_PAGE = '/setting/export';
/** The panel notice's link: the export page, naming the export (so its notice is found again). */
export const exportNoticeUrl = (id: string) => `${path(EXPORT_PAGE)}?export=${id}`;
