import { env, exports } from 'cloudflare:workers';
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
