import { describe, expect, it } from 'vitest';
import { normalizeEmail } from '../../src/lib/email';
import { hashRecipient } from '../../src/server/openbadges/documents';
import { createAccount, unique } from './helpers';
import { awardTo, b64, env, getHosted, issuerCall, newBadgeClass, newIssuer, SVG, waitFor } from './issuing-helpers';

const row = (id: string) =>
  env.DB.prepare(
    'SELECT account_id, accept_status, recipient_hash, recipient_salt, revoked_at, deleted_by_issuer_at, reissued_from FROM assertions WHERE id = ?',
  )
    .bind(id)
    .first<{
      account_id: string | null;
      accept_status: number;
      recipient_hash: string;
      recipient_salt: string;
      revoked_at: number | null;
      deleted_by_issuer_at: number | null;
      reissued_from: string | null;
    }>();

describe('issuer API: keys', () => {
  it('creating an issuer needs the admin token; the API key is returned once and stored hashed', async () => {
    const denied = await issuerCall('/issuers', 'not-the-admin-token-at-all', {
      name: 'X',
      url: 'https://x.example',
      email: 'x@x.example',
    });
    expect(denied.res.status).toBe(401);
    expect(denied.json).toMatchObject({ errors: [{ code: 'E401101' }] });
    const { issuerId, apiKey } = await newIssuer();
    expect(apiKey).toMatch(/^lyk_[A-Za-z0-9_-]{43}$/);
    const stored = await env.DB.prepare('SELECT key_hash FROM issuer_api_keys WHERE issuer_id = ?')
      .bind(issuerId)
      .first<{ key_hash: string }>();
    expect(stored?.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.key_hash).not.toContain(apiKey);
  });

  it('refuses calls without a valid key', async () => {
    const { res, json } = await issuerCall('/badge-classes', 'lyk_wrongwrongwrongwrongwrongwrong', { name: 'x' });
    expect(res.status).toBe(401);
    expect(json.errors).toMatchObject([{ code: 'E401101' }]);
  });

  it('validates bodies with translated field errors', async () => {
    const { apiKey } = await newIssuer();
    const { res, json } = await issuerCall('/badge-classes', apiKey, { name: '', description: 'd', image: b64(SVG) });
    expect(res.status).toBe(400);
    const fields = (json.errors as { field?: string }[]).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'criteria_narrative']));
  });

  // SVGs with active content are stored sanitised, not refused: issuer-svg.test.ts (IMG-09, IMG-20).
  it('refuses images that are not PNG/SVG (IMG-01)', async () => {
    const { apiKey } = await newIssuer();
    const html = await issuerCall('/badge-classes', apiKey, {
      name: 'n',
      description: 'd',
      criteria_narrative: 'c',
      image: b64(new TextEncoder().encode('<html><script>x</script></html>')),
    });
    expect(html.res.status).toBe(415);
    expect(html.json.errors).toMatchObject([{ code: 'E415101' }]);
  });

  it("an issuer cannot award, revoke or delete with another issuer's badges", async () => {
    const a = await newIssuer();
    const b = await newIssuer();
    const bc = await newBadgeClass(a.apiKey);
    const foreignAward = await awardTo(b.apiKey, bc, ['x@example.test']);
    expect(foreignAward.res.status).toBe(404);
    const { ids } = await awardTo(a.apiKey, bc, ['y@example.test']);
    const revoke = await issuerCall(`/assertions/${ids[0]}/revoke`, b.apiKey, { reason: 'mine now' });
    expect(revoke.res.status).toBe(404);
    expect((await row(ids[0] as string))?.revoked_at).toBeNull();
  });
});

describe('awarding', () => {
  it('stores a salted SHA-256 identity and matches only verified addresses (ACC-01, HV-06)', async () => {
    const { apiKey } = await newIssuer();
    const bc = await newBadgeClass(apiKey);
    const owner = await createAccount();
    const pending = await createAccount();
    const unverified = `${unique('pending')}@example.test`;
    await env.DB.prepare(
      'INSERT INTO account_emails (id, account_id, email, email_normalized, verified_at, is_primary, created_at) VALUES (?, ?, ?, ?, NULL, 0, ?)',
    )
      .bind(unique('e'), pending.id, unverified, unverified, Date.now())
      .run();
    const { json, ids } = await awardTo(apiKey, bc, [
      owner.email.toUpperCase(),
      unverified,
      `${unique('nobody')}@example.test`,
    ]);
    expect(json.queued).toBe(false);
    const [mine, notMine, nobody] = await Promise.all(ids.map((id) => row(id)));
    expect(mine).toMatchObject({ account_id: owner.id, accept_status: 0 });
    expect(mine?.recipient_hash).toBe(await hashRecipient(normalizeEmail(owner.email), mine?.recipient_salt ?? ''));
    expect(notMine?.account_id).toBeNull();
    expect(nobody?.account_id).toBeNull();
    const note = await env.DB.prepare('SELECT type, url FROM notifications WHERE account_id = ?')
      .bind(owner.id)
      .first<{ type: number; url: string }>();
    expect(note).toEqual({ type: 1, url: `/ns/portal/openbadge/assertions/unaccepted-detail/${ids[0]}` });
    expect(
      await env.DB.prepare('SELECT COUNT(*) AS n FROM notifications WHERE account_id = ?').bind(pending.id).first('n'),
    ).toBe(0);
  });

  it('receives at once when automatic receipt is on (blockchain badges become Receiving)', async () => {
    const { apiKey } = await newIssuer();
    const bc = await newBadgeClass(apiKey);
    const acct = await createAccount();
    await env.DB.prepare('UPDATE accounts SET auto_receive = 1 WHERE id = ?').bind(acct.id).run();
    const plain = await awardTo(apiKey, bc, [acct.email]);
    const chain = await awardTo(apiKey, bc, [acct.email], { blockchain: true });
    expect((await row(plain.ids[0] as string))?.accept_status).toBe(2);
    expect((await row(chain.ids[0] as string))?.accept_status).toBe(1);
  });

  it('mails the recipient in their language, with a single-use receive link built from the public URL', async () => {
    const { apiKey } = await newIssuer('Sakura Institute');
    const bc = await newBadgeClass(apiKey, { name: '機械学習入門' });
    const acct = await createAccount();
    await env.DB.prepare("UPDATE accounts SET language = 'ja' WHERE id = ?").bind(acct.id).run();
    const stranger = `${unique('th')}@example.test`;
    await awardTo(apiKey, bc, [acct.email]);
    await awardTo(apiKey, bc, [stranger], { language: 'th' });
    const mail = await waitFor(() =>
      env.DB.prepare('SELECT subject, text_body, html_body FROM dev_mailbox WHERE to_address = ?')
        .bind(acct.email)
        .first<{ subject: string; text_body: string; html_body: string }>(),
    );
    expect(mail.subject).toBe('バッジが授与されました：機械学習入門');
    expect(mail.text_body).toMatch(/http:\/\/127\.0\.0\.1:8787\/ns\/portal\/openbadge\/receive\/[A-Za-z0-9_-]{43}/);
    expect(mail.html_body).toContain('lang="ja"');
    const thai = await waitFor(() =>
      env.DB.prepare('SELECT subject FROM dev_mailbox WHERE to_address = ?')
        .bind(stranger)
        .first<{ subject: string }>(),
    );
    expect(thai.subject).toBe('คุณได้รับเหรียญตรา: 機械学習入門');
    const token = /receive\/([A-Za-z0-9_-]{43})/.exec(mail.text_body)?.[1] ?? '';
    const stored = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM link_tokens WHERE purpose = 'receive' AND token_hash = ?",
    )
      .bind(token)
      .first('n');
    expect(stored).toBe(0); // only the hash is stored
  });

  it('refuses an expiry before the issue date, and applies the badge class expiry rule', async () => {
    const { apiKey } = await newIssuer();
    const bc = await newBadgeClass(apiKey, { expiry_days: 10 });
    const bad = await awardTo(apiKey, bc, ['e@example.test'], {
      issued_on: '2026-01-10T00:00:00Z',
      expires: '2026-01-01T00:00:00Z',
    });
    expect(bad.res.status).toBe(400);
    const good = await awardTo(apiKey, bc, ['e@example.test'], { issued_on: '2026-01-10T00:00:00Z' });
    const doc = (await (await getHosted(`/Assertion/${good.ids[0]}`)).json()) as { issuedOn: string; expires: string };
    expect(doc).toMatchObject({ issuedOn: '2026-01-10T00:00:00Z', expires: '2026-01-20T00:00:00Z' });
  });

  it('queues large awards: 120 recipients all arrive, each exactly once', async () => {
    const { apiKey } = await newIssuer();
    const bc = await newBadgeClass(apiKey);
    const emails = Array.from({ length: 120 }, (_, i) => `bulk${i}-${unique('r')}@example.test`);
    const { json, ids } = await awardTo(apiKey, bc, [...emails, emails[0] as string]);
    expect(json.queued).toBe(true);
    expect(ids).toHaveLength(120);
    await waitFor(
      async () =>
        (await env.DB.prepare('SELECT COUNT(*) AS n FROM assertions WHERE badge_class_id = ?')
          .bind(bc)
          .first<number>('n')) === 120,
      30_000,
    );
    const mails = await waitFor(async () => {
      const n = await env.DB.prepare(
        "SELECT COUNT(*) AS n FROM dev_mailbox WHERE to_address LIKE 'bulk%'",
      ).first<number>('n');
      return (n ?? 0) >= 120 ? n : null;
    }, 30_000);
    expect(mails).toBeGreaterThanOrEqual(120);
  });
});

describe('revoke, reissue, delete', () => {
  it('revokes once; a second revoke is 409', async () => {
    const { apiKey } = await newIssuer();
    const bc = await newBadgeClass(apiKey);
    const { ids } = await awardTo(apiKey, bc, ['r@example.test']);
    expect((await issuerCall(`/assertions/${ids[0]}/revoke`, apiKey, { reason: 'Issued in error.' })).res.status).toBe(
      200,
    );
    const again = await issuerCall(`/assertions/${ids[0]}/revoke`, apiKey, { reason: 'again' });
    expect(again.res.status).toBe(409);
    expect(again.json.errors).toMatchObject([{ code: 'E409100' }]);
  });

  it('reissues in one batch: a new assertion, the old one retired', async () => {
    const { apiKey } = await newIssuer();
    const bc = await newBadgeClass(apiKey);
    const { ids } = await awardTo(apiKey, bc, ['re@example.test']);
    const { json } = await issuerCall(`/assertions/${ids[0]}/reissue`, apiKey, {});
    const fresh = json.assertion_id as string;
    expect(fresh).not.toBe(ids[0]);
    expect((await row(fresh))?.reissued_from).toBe(ids[0]);
    expect((await row(ids[0] as string))?.deleted_by_issuer_at).not.toBeNull();
    expect((await getHosted(`/Assertion/${ids[0]}`)).status).toBe(410);
    expect((await getHosted(`/Assertion/${fresh}`)).status).toBe(200);
  });

  it('deletes: the assertion stops verifying', async () => {
    const { apiKey } = await newIssuer();
    const bc = await newBadgeClass(apiKey);
    const { ids } = await awardTo(apiKey, bc, ['d@example.test']);
    expect((await issuerCall(`/assertions/${ids[0]}`, apiKey, undefined, 'DELETE')).res.status).toBe(200);
    const gone = await getHosted(`/Assertion/${ids[0]}`);
    expect(gone.status).toBe(410);
    expect(await gone.json()).toMatchObject({ revoked: true });
  });
});

describe('badge class updates', () => {
  it('changes name and skills; the hosted BadgeClass shows them; other issuers cannot', async () => {
    const { apiKey } = await newIssuer();
    const other = await newIssuer();
    const bc = await newBadgeClass(apiKey);
    const denied = await issuerCall(`/badge-classes/${bc}`, other.apiKey, { name: 'Hijacked' }, 'PATCH');
    expect(denied.res.status).toBe(404);
    const { res } = await issuerCall(
      `/badge-classes/${bc}`,
      apiKey,
      { name: 'Renamed', tags: ['機械学習'], image: b64(SVG) },
      'PATCH',
    );
    expect(res.status).toBe(200);
    const doc = (await (await getHosted(`/BadgeClass/${bc}`)).json()) as { name: string; tags: string[] };
    expect(doc).toMatchObject({ name: 'Renamed', tags: ['機械学習'] });
    const img = await getHosted(`/BadgeClass/${bc}/image`, 'image/*');
    expect(img.headers.get('content-type')).toBe('image/svg+xml');
    const key = await env.DB.prepare('SELECT image_key FROM badge_classes WHERE id = ?')
      .bind(bc)
      .first<string>('image_key');
    expect(key).toMatch(new RegExp(`^badge-classes/${bc}/[A-Za-z0-9_-]{22}\\.svg$`)); // random key, never a client name (IMG-12)
  });
});
