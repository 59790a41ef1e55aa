/** The owner's downloads of a badge (the Downloads island's buttons, in this order). */
export const DOWNLOAD_KINDS = ['image', 'json', 'pdf', 'ob3json', 'ob3image'] as const;
export type DownloadKind = (typeof DOWNLOAD_KINDS)[number];

/**
 * Which downloads a received badge's page offers, and the catalogue key of the note that says why
 * the others are not (docs/design/decisions.md "Downloads of a revoked badge or certificate", issue 33 item 5). An
 * imported badge has its data as received and nothing Lanyard would print or sign. Once revoked,
 * nothing that carries the credential is given; a badge issued here keeps its PDF certificate,
 * which carries none and is printed REVOKED. The routes refuse the rest with 410 E410180, so a
 * page that offered a button anyway would get the same reason, never "not found".
 */
export function offeredDownloads(badge: { host: boolean; revoked: boolean }): {
  kinds: readonly DownloadKind[];
  note: 'download.revoked_note' | 'download.revoked_note_imported' | null;
} {
  if (badge.host)
    return badge.revoked ? { kinds: [], note: 'download.revoked_note_imported' } : { kinds: ['json'], note: null };
  return badge.revoked ? { kinds: ['pdf'], note: 'download.revoked_note' } : { kinds: DOWNLOAD_KINDS, note: null };
}
