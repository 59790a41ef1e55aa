/**
 * Where a profile picture is served. Its R2 key (`avatars/{account}/{image}.{ext}`) changes with
 * every upload (AV-06), so the address does too; the route checks it is still the account's.
 */
export function profileImageUrl(accountId: string, key: string | null | undefined): string | null {
  const m = key ? /^avatars\/[^/]+\/([A-Za-z0-9_-]+)\.(png|jpg)$/.exec(key) : null;
  return m ? `/api/v1.0/openbadge/v2/Wallet/Public/ProfileImage/${accountId}/${m[1]}.${m[2]}` : null;
}
