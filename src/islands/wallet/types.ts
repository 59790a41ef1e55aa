import type { Answer } from '../lib/api';
import type { wallet } from '../lib/client';

/** FindList's answer: a page of badges and the list's counts (the page renders the first one). */
export type WalletPage = Answer<typeof wallet.FindList>;

/** A badge as FindList answers it (src/server/wallet/present.ts `listItem`). */
export type WalletItem = WalletPage['assertions'][number];

/** Where a badge's detail lives, by kind and state (spec §2 routes). */
export function detailPath(base: string, item: WalletItem): string {
  if (!item.isMultiverseIssuedBadge) return `${base}/assertions/host/detail/${item.id}`;
  return item.accept_status === 0
    ? `${base}/assertions/unaccepted-detail/${item.id}`
    : `${base}/assertions/detail/${item.id}`;
}
