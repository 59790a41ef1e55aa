/** A badge as FindList answers it (src/server/wallet/present.ts `listItem`). */
export interface WalletItem {
  id: string;
  isMultiverseIssuedBadge: boolean;
  name: string;
  image: string;
  issuer: { id: string | null; name: string };
  issued_on: string;
  expires_at: string | null;
  is_expired: boolean;
  is_revoked: boolean;
  is_public: boolean;
  is_blockchain: boolean;
  accept_status: number;
}

export interface WalletPage {
  total_count: number;
  total_claimable_badges: number;
  total_receiving_badges: number;
  assertions: WalletItem[];
}

/** Where a badge's detail lives, by kind and state (spec §2 routes). */
export function detailPath(base: string, item: WalletItem): string {
  if (!item.isMultiverseIssuedBadge) return `${base}/assertions/host/detail/${item.id}`;
  return item.accept_status === 0
    ? `${base}/assertions/unaccepted-detail/${item.id}`
    : `${base}/assertions/detail/${item.id}`;
}
