import { env, exports } from 'cloudflare:workers';
import { crc32 } from '../../src/server/export/crc32';
import { BASE, SAME_ORIGIN, unique } from './helpers';

export const EXPORT_API = `${BASE}/api/v1.0/openbadge/v2/Wallet/Export`;

/** Reads a ZIP (stored or deflated entries) as a test oracle, checking every CRC and size. */
export async function readZip(zip: Uint8Array): Promise<Map<string, Uint8Array>> {
  const v = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const endAt = zip.length - 22;
  if (v.getUint32(endAt, true) !== 0x06054b50) throw new Error('no end record');
  const count = v.getUint16(endAt + 10, true);
  let at = v.getUint32(endAt + 16, true);
  const out = new Map<string, Uint8Array>();
  const dec = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (v.getUint32(at, true) !== 0x02014b50) throw new Error(`bad central record ${i}`);
    const method = v.getUint16(at + 10, true);
    const crc = v.getUint32(at + 16, true);
    const csize = v.getUint32(at + 20, true);
    const usize = v.getUint32(at + 24, true);
    const n = v.getUint16(at + 28, true);
    const local = v.getUint32(at + 42, true);
    const name = dec.decode(zip.subarray(at + 46, at + 46 + n));
    if (v.getUint32(local, true) !== 0x04034b50) throw new Error(`bad local header for ${name}`);
    const start = local + 30 + v.getUint16(local + 26, true) + v.getUint16(local + 28, true);
    const body = zip.subarray(start, start + csize);
    const data =
      method === 0
        ? body
        : new Uint8Array(
            await new Response(
              new Blob([body as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate-raw')),
            ).arrayBuffer(),
          );
    if (data.length !== usize || crc32(data) !== crc) throw new Error(`size or CRC mismatch for ${name}`);
    out.set(name, data);
    at += 46 + n + v.getUint16(at + 30, true) + v.getUint16(at + 32, true);
  }
  return out;
}

export async function exportCall(cookie: string, what: 'Start' | 'Status') {
  const res = await exports.default.fetch(`${EXPORT_API}/${what}`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, Cookie: cookie },
    body: '{}',
  });
  const json = (await res.json()) as { export: { id: string; status: string; progress: number } | null };
  return { http: res.status, export: json.export };
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
