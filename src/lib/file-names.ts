/**
 * Download file names (spec §3 lists the kinds; the patterns are ours):
 *   image        badge_{name}_{yyyymmdd}.png|svg      baked image
 *   json         badge_{name}_{yyyymmdd}.json         Open Badges assertion
 *   ob3          badge_ob3_{name}_{yyyymmdd}.json|png  Open Badges 3.0 credential, or baked in the PNG (issue 21)
 *   certificate  certificate_{name}_{yyyymmdd}.pdf    PDF certificate
 *   qrcode       qrcode_{name}.png                    QR code of the public page
 *   blockchain   blockchain_certificate_{name}_{yyyymmdd}.json
 *   detail       detail_{name}_{yyyymmdd}.pdf         certificate (acaddoc) detail
 *   acaddoc      academic_certificate_{title}_{yyyymmdd}.pdf   an academic document's PDF (issue 18)
 *   clr          learner_record_{title}_{yyyymmdd}.json        its CLR 2.0 record (issue 38)
 * {name} keeps letters of every script; characters that break file systems become "_".
 */
export type DownloadKind =
  'image' | 'json' | 'ob3' | 'certificate' | 'qrcode' | 'blockchain' | 'detail' | 'acaddoc' | 'clr';

const PREFIX: Record<DownloadKind, string> = {
  image: 'badge',
  json: 'badge',
  ob3: 'badge_ob3',
  certificate: 'certificate',
  qrcode: 'qrcode',
  blockchain: 'blockchain_certificate',
  detail: 'detail',
  acaddoc: 'academic_certificate',
  clr: 'learner_record',
};

export function safeName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    // Control characters (below U+0020, and U+007F) as well as the reserved ones.
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_')
    .replace(/\s+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[_.]+|[_.]+$/g, '');
  return [...cleaned].slice(0, 60).join('') || 'badge';
}

export function downloadName(kind: DownloadKind, badgeName: string, ext: string, issuedOn?: string | number): string {
  const day = issuedOn === undefined ? '' : `_${new Date(issuedOn).toISOString().slice(0, 10).replaceAll('-', '')}`;
  return `${PREFIX[kind]}_${safeName(badgeName)}${kind === 'qrcode' ? '' : day}.${ext}`;
}

/** A Content-Disposition value that survives non-ASCII names (RFC 6266 / 5987). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
