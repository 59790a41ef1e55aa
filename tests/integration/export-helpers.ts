import { env, exports } from 'cloudflare:workers';
import { bytesToBase64 } from '../../src/lib/base64';
import { concatBytes } from '../../src/lib/bytes';
import { zipEnd, zipRecord } from '../../src/server/export/zip';
import { BASE, SAME_ORIGIN, unique } from './helpers';

export { readZip } from '../support/read-zip';

export const EXPORT_API = `${BASE}/api/v1.0/openbadge/v2/Wallet/Export`;

export async function exportCall(cookie: string, what: 'Start' | 'Status') {
  const res = await exports.default.fetch(`${EXPORT_API}/${what}`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, Cookie: cookie },
    body: '{}',
  });
  const json = (await res.json()) as { export: { id: string; status: string; progress: number } | null };
  return { http: res.status, export: json.export };
}

/** A ZIP of the given files, written by the export's own writer (so only the attack differs). */
export async function zipOf(files: [string, Uint8Array][]) {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const [name, bytes] of files) {
    const r = await zipRecord(name, bytes, offset, Date.now());
    locals.push(r.local);
    centrals.push(r.central);
    offset += r.local.length;
  }
  const central = concatBytes(centrals);
  return concatBytes([...locals, central, zipEnd(files.length, central.length, offset)]);
}

/** An entry as an attacker writes it: deflated bytes of their choosing and the size they declare. */
export interface CraftedEntry {
  name: string;
  deflated: Uint8Array;
  size: number;
  crc?: number;
}

/** A ZIP of crafted entries (deflate, UTF-8 names), its headers saying what each entry declares. */
export function craftedZip(entries: CraftedEntry[]): Uint8Array {
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = enc.encode(e.name);
    const head = (sig: number, length: number) => {
      const b = new Uint8Array(length + name.length);
      const v = new DataView(b.buffer);
      const at = sig === 0x04034b50 ? 0 : 2; // the central record has "version made by" first
      v.setUint32(0, sig, true);
      v.setUint16(4 + at, 20, true);
      v.setUint16(6 + at, 0x0800, true);
      v.setUint16(8 + at, 8, true);
      v.setUint32(14 + at, e.crc ?? 0, true);
      v.setUint32(18 + at, e.deflated.length, true);
      v.setUint32(22 + at, e.size, true);
      v.setUint16(26 + at, name.length, true);
      if (at) v.setUint32(42, offset, true);
      b.set(name, length);
      return b;
    };
    parts.push(head(0x04034b50, 30), e.deflated);
    centrals.push(head(0x02014b50, 46));
    offset += 30 + name.length + e.deflated.length;
  }
  const central = concatBytes(centrals);
  return concatBytes([...parts, central, zipEnd(entries.length, central.length, offset)]);
}

/** The imported badges an account holds. */
export const hostCount = async (accountId: string) =>
  (
    await env.DB.prepare('SELECT COUNT(*) AS n FROM host_assertions WHERE account_id = ?')
      .bind(accountId)
      .first<{ n: number }>()
  )?.n;

let importIp = 40;

/** Wallet/Export/Import with a ZIP, each call from its own address (the per-address throttle apart). */
export async function importZip(cookie: string, zip: Uint8Array, lang = 'en') {
  const res = await exports.default.fetch(`${EXPORT_API}/Import`, {
    method: 'POST',
    headers: {
      ...SAME_ORIGIN,
      Cookie: cookie,
      'Accept-Language': lang,
      'cf-connecting-ip': `198.51.${100 + Math.floor(importIp / 250)}.${importIp++ % 250}`,
    },
    body: JSON.stringify({ zip: bytesToBase64(zip) }),
  });
  const json = (await res.json()) as Record<string, number> & { errors?: { code: string; message: string }[] };
  return { http: res.status, code: json.errors?.[0]?.code ?? null, message: json.errors?.[0]?.message ?? '', json };
}

export async function downloadExport(cookie: string, id: string) {
  const res = await exports.default.fetch(`${EXPORT_API}/Download/${id}`, { headers: { Cookie: cookie } });
  if (res.status !== 200) {
    const json = (await res.json()) as { errors: { code: string; message: string }[] };
    return { http: res.status, code: json.errors[0]?.code, message: json.errors[0]?.message, bytes: null };
  }
  return { http: 200, code: null, message: '', bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** Inserts imported badges (as import stores them) for an account: `n` rows, in batches. */
export async function seedHostBadges(
  accountId: string,
  email: string,
  n: number,
  format: 'ob2' | 'ob3' | 'blockcerts',
) {
  const now = Date.now();
  const ids: string[] = [];
  for (let start = 0; start < n; start += 200) {
    const stmts = [];
    for (let i = start; i < Math.min(n, start + 200); i++) {
      const id = unique('host');
      ids.push(id);
      const raw = format === 'ob2' ? null : JSON.stringify({ id: `urn:uuid:${id}`, type: ['VerifiableCredential'] });
      stmts.push(
        env.DB.prepare(
          `INSERT INTO host_assertions (id, account_id, external_id, assertion_json, badge_json, issuer_json, name,
             description, issuer_name, recipient_email, issued_on, verified_at, format, raw_credential, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, 'Imported.', 'Other Issuer', ?, ?, ?, ?, ?, ?, ?)`,
        ).bind(
          id,
          accountId,
          `https://other.example/a/${id}`,
          JSON.stringify({ id: `https://other.example/a/${id}` }),
          JSON.stringify({ name: `Imported ${i}` }),
          JSON.stringify({ name: 'Other Issuer' }),
          `Imported ${i}`,
          email,
          now,
          now,
          format,
          raw,
          now,
          now,
        ),
      );
    }
    await env.DB.batch(stmts);
  }
  return ids;
}
