/**
 * The base64 SHA-256 of a style block, as a CSP source names it (`'sha256-<this>'`). The
 * hand-written pages (maintenance, API docs) and the public pages' inline font faces are allowed by
 * it, never by 'unsafe-inline' (HDR-01).
 */
export async function styleHash(css: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(css)));
  let bin = '';
  for (const b of digest) bin += String.fromCharCode(b);
  return btoa(bin);
}
