import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { bake } from '../../src/server/openbadges/baking';
import { BASE, SAME_ORIGIN, createAccount, createSession, unique } from './helpers';
import { b64 } from './issuing-helpers';

const port = inject('issuerPort');
const revoking = `http://127.0.0.1:${port}/ob/revoking`;
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"></svg>');

/** A session of an account holding learner@example.test, verified. */
async function learner() {
  const acct = await createAccount();
  await env.DB.prepare("DELETE FROM account_emails WHERE email_normalized = 'learner@example.test'").run();
  await env.DB.prepare(
    `INSERT INTO account_emails (id, account_id, email, email_normalized, verified_at, is_primary, created_at)
     VALUES (?, ?, 'learner@example.test', 'learner@example.test', ?, 0, ?)`,
  )
    .bind(unique('em'), acct.id, Date.now(), Date.now())
    .run();
  return createSession(acct.id);
}

async function importSigned(token: string, jws: string): Promise<string> {
  const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/AddBadge`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, Cookie: `accessToken=${token}` },
    body: JSON.stringify({ image: b64(bake(SVG, { verify: jws })), file_name: 'signed.svg' }),
  });
  const json = (await res.json()) as { assertion_id?: string; errors?: unknown };
  if (!json.assertion_id) throw new Error(`import refused: ${JSON.stringify(json)}`);
  return json.assertion_id;
}

describe('the nightly re-check reads revocation lists as the live verifier does', () => {
  beforeAll(() => {
    (env as unknown as Record<string, string>)['OUTBOUND_TEST_ALLOW'] = `127.0.0.1:${port}`;
  });

  it.each(['object', 'string', 'strings', 'objects'])(
    'an imported signed badge listed as %s becomes revoked',
    async (shape) => {
      const { reverifyImported } = await import('../../src/server/import/reverify');
      const token = await learner();
      const jws = await (await fetch(`${revoking}/${shape}/jws`)).text();
      const id = await importSigned(token, jws);
      expect((await fetch(`${revoking}/${shape}/revoke`)).status).toBe(204);
      // Last checked long ago: due tonight (badges imported just now are not).
      await env.DB.prepare('UPDATE host_assertions SET verified_at = 0 WHERE id = ?').bind(id).run();
      await reverifyImported(env, Date.now());
      const row = await env.DB.prepare('SELECT verify_status, revoked_at FROM host_assertions WHERE id = ?')
        .bind(id)
        .first<{ verify_status: string; revoked_at: number | null }>();
      expect(row?.verify_status).toBe('invalid');
      expect(row?.revoked_at).not.toBeNull();
    },
  );
});
