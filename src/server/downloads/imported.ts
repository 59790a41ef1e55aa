import { AppError } from '../errors';

/** What the download of an imported badge reads from its row (wallet/host-repo.ts ownedCredential). */
interface ImportedRow {
  name: string;
  issuedOn: number;
  revokedAt: number | null;
  assertionJson: string;
  rawCredential: string | null;
}

/**
 * The "badge data" download of an imported badge: the credential as it was received (the JSON, or
 * the compact JWS / VC-JWT of a signed one), else the assertion as read at its URL. Lanyard did
 * not issue it, so it prints no certificate and signs nothing for it. Once the nightly
 * re-verification has found it revoked (import/reverify.ts), it is refused like a revoked badge
 * issued here (E410180): the wallet does not hand back a revoked credential as if it were valid.
 */
export function importedCredentialFile(row: ImportedRow) {
  if (row.revokedAt !== null) throw new AppError('E410180');
  const { name, issuedOn } = row;
  const raw = row.rawCredential?.trim() ?? null;
  if (raw && !raw.startsWith('{')) return { name, issuedOn, body: raw, type: 'application/jose', ext: 'jws' };
  // Not application/json: the islands read that media type as an error body.
  return { name, issuedOn, body: raw ?? row.assertionJson, type: 'application/ld+json', ext: 'json' };
}
