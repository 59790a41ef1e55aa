import { literalIsPublic } from './address';
import { OutboundRefused } from './url-policy';

interface DohAnswer {
  type: number;
  data: string;
}

/**
 * Resolves a name over DNS-over-HTTPS (A and AAAA) and refuses it when any answer is not a public
 * address, or when there is no answer at all (security guide SSRF-06). The fetch that follows still
 * goes by name, so a name that changes its answers in between (DNS rebinding, SSRF-07) is a
 * residual risk; on Workers the connection leaves from Cloudflare's edge, not from our network.
 */
export async function assertPublicName(dohUrl: string, host: string, signal?: AbortSignal): Promise<void> {
  const ask = async (type: 'A' | 'AAAA') => {
    const res = await fetch(`${dohUrl}?${new URLSearchParams({ name: host, type })}`, {
      headers: { accept: 'application/dns-json' },
      ...(signal ? { signal } : {}),
    });
    if (!res.ok) throw new OutboundRefused('dns', host);
    const body = (await res.json()) as { Answer?: DohAnswer[] };
    // Type 1 = A, 28 = AAAA; CNAME records (5) in the chain carry names, not addresses.
    return (body.Answer ?? [])
      .filter((a) => (a.type === 1 || a.type === 28) && typeof a.data === 'string')
      .map((a) => a.data);
  };
  const addresses = (await Promise.all([ask('A'), ask('AAAA')])).flat();
  if (addresses.length === 0) throw new OutboundRefused('dns', host);
  for (const address of addresses) {
    const bracketed = address.includes(':') ? `[${address}]` : address;
    if (literalIsPublic(bracketed) !== true) throw new OutboundRefused('private-address', host);
  }
}
