import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { BASE, SAME_ORIGIN, createAccount, createSession, unique } from './helpers';
import { ANVIL_0, anchor, hashedEmail, leaves, proofValue, put, tree, type Obj } from './blockcerts-helpers';

const anvilUrl = inject('anvilUrl');
const port = inject('issuerPort');
const store = `http://127.0.0.1:${port}/store/bc-import`;
const ISSUER = `${store}/issuer.json`;
const REVOCATIONS = `${store}/revocations.json`;
const EMAIL = 'bc-learner@example.test';
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

async function addBadge(token: string, body: Obj, ip = '198.51.100.7') {
  const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/AddBadge`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, Cookie: `accessToken=${token}`, 'cf-connecting-ip': ip },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { status: number; assertion_id?: string; errors?: { code: string }[] };
  return { http: res.status, code: json.errors?.[0]?.code ?? null, json };
}

/** An account holding EMAIL, verified or not (the address moves to this test's account). */
async function holder(verified: boolean) {
  const acct = await createAccount();
  await env.DB.prepare('DELETE FROM account_emails WHERE email_normalized = ?').bind(EMAIL).run();
  await env.DB.prepare(
    `INSERT INTO account_emails (id, account_id, email, email_normalized, verified_at, is_primary, created_at)
     VALUES (?, ?, ?, ?, ?, 0, ?)`,
  )
    .bind(unique('em'), acct.id, EMAIL, EMAIL, verified ? Date.now() : null, Date.now())
    .run();
  return { ...acct, token: await createSession(acct.id) };
}

/** A Blockcerts v3 credential to EMAIL with a PNG display, anchored on anvil. */
async function credential(n: number): Promise<Obj> {
  const salt = `import-${n}`;
  const doc: Obj = {
    '@context': [
      'https://www.w3.org/2018/credentials/v1',
      'https://w3id.org/openbadges/v2',
      'https://w3id.org/blockcerts/v3',
    ],
    id: `urn:uuid:11111111-0000-4000-8000-${String(n).padStart(12, '0')}`,
    type: ['VerifiableCredential', 'BlockcertsCredential'],
    issuer: ISSUER,
    issuanceDate: '2026-02-03T04:05:06Z',
    name: `Chain Chemistry ${n}`,
    description: 'Mixed things carefully.',
    credentialSubject: {
      name: 'Learner',
      recipient: { type: 'email', hashed: true, salt, identity: await hashedEmail(EMAIL, salt) },
      claim: { type: 'BadgeClass', id: `${store}/badge.json`, name: 'Chemistry', criteria: 'Mix.' },
    },
    display: { contentMediaType: 'image/png', contentEncoding: 'base64', content: PNG_1X1 },
  };
  const [leaf] = await leaves([doc]);
  const t = tree([leaf ?? '']);
  const tx = await anchor(anvilUrl, t.root);
  const proof = {
    type: 'MerkleProof2019',
    created: '2026-02-03T04:05:07Z',
    proofPurpose: 'assertionMethod',
    verificationMethod: `${ISSUER}#key-1`,
    proofValue: proofValue({
      path: [],
      merkleRoot: t.root,
      targetHash: leaf ?? '',
      anchors: [`blink:eth:sepolia:${tx}`],
    }),
  };
  return { ...doc, proof };
}

const revocations = (revokedAssertions: Obj[]) => ({
  '@context': 'https://w3id.org/openbadges/v2',
  id: REVOCATIONS,
  type: 'RevocationList',
  issuer: ISSUER,
  revokedAssertions,
});

const rows = (account: string) =>
  env.DB.prepare(
    'SELECT name, issuer_name, recipient_email, issued_on, image_key, source_url FROM host_assertions WHERE account_id = ?',
  )
    .bind(account)
    .all<Obj>();

describe('importing a Blockcerts credential (AddBadge json)', () => {
  beforeAll(async () => {
    await put(REVOCATIONS, revocations([]));
    const e = env as unknown as Record<string, string>;
    e['OUTBOUND_TEST_ALLOW'] = `127.0.0.1:${port},${new URL(anvilUrl).host}`;
    // The verifier's node for Sepolia alone (the Worker itself anchors nothing here: no key).
    e['CHAIN_RPC_URL_SEPOLIA'] = anvilUrl;
    await put(ISSUER, {
      '@context': ['https://w3id.org/openbadges/v2', 'https://w3id.org/blockcerts/v3'],
      type: 'Profile',
      id: ISSUER,
      name: 'Chain College',
      url: `http://127.0.0.1:${port}`,
      email: 'badges@chain.example',
      revocationList: REVOCATIONS,
      publicKey: [{ id: `ecdsa-koblitz-pubkey:${ANVIL_0}`, created: '2020-01-01T00:00:00Z' }],
    });
  });

  it('imports a verified credential into the list once, shown with its display image', async () => {
    const me = await holder(true);
    const json = JSON.stringify(await credential(1));
    const r = await addBadge(me.token, { json }, '198.51.100.1');
    expect(r.json).toMatchObject({ status: 200 });
    const [row] = (await rows(me.id)).results;
    expect(row).toMatchObject({
      name: 'Chain Chemistry 1',
      issuer_name: 'Chain College',
      recipient_email: EMAIL,
      issued_on: Date.parse('2026-02-03T04:05:06Z'),
      source_url: null,
    });
    expect(await env.BUCKET.head(String(row?.['image_key']))).not.toBeNull();
    expect((await addBadge(me.token, { json }, '198.51.100.1')).code).toBe('E409106');
  });

  it('the nightly re-verification sees the issuer revoke it', async () => {
    const me = await holder(true);
    const cred = await credential(4);
    expect((await addBadge(me.token, { json: JSON.stringify(cred) }, '198.51.100.4')).json).toMatchObject({
      status: 200,
    });
    const { reverifyImported, REVERIFY_AFTER_MS } = await import('../../src/server/import/reverify');
    const later = Date.now() + REVERIFY_AFTER_MS + 60_000;
    await reverifyImported(env, later);
    const state = () =>
      env.DB.prepare('SELECT verify_status AS s, revoked_reason AS r FROM host_assertions WHERE account_id = ?')
        .bind(me.id)
        .first();
    expect(await state()).toEqual({ s: 'valid', r: null });
    await put(REVOCATIONS, revocations([{ id: cred['id'], revocationReason: 'Awarded by mistake' }]));
    await reverifyImported(env, later + REVERIFY_AFTER_MS + 60_000);
    expect(await state()).toEqual({ s: 'invalid', r: 'Awarded by mistake' });
  });

  it('refuses it for an unverified address (E422101), tampered (E422102), and JSON that is not Blockcerts (E422100)', async () => {
    const cred = await credential(2);
    const unverified = await holder(false);
    expect((await addBadge(unverified.token, { json: JSON.stringify(cred) }, '198.51.100.2')).code).toBe('E422101');
    const me = await holder(true);
    const tampered = JSON.stringify({ ...cred, name: 'Chain Alchemy' });
    expect((await addBadge(me.token, { json: tampered }, '198.51.100.2')).code).toBe('E422102');
    const ob2 = JSON.stringify({ '@context': 'https://w3id.org/openbadges/v2', type: 'Assertion' });
    expect((await addBadge(me.token, { json: ob2 }, '198.51.100.2')).code).toBe('E422100');
    expect((await addBadge(me.token, { json: tampered, url: 'https://example.org/a' }, '198.51.100.2')).code).toBe(
      'E400103',
    );
    expect((await rows(me.id)).results).toEqual([]);
  });

  it('50 parallel imports of one credential by one account keep exactly one row', async () => {
    const me = await holder(true);
    const json = JSON.stringify(await credential(3));
    const all = await Promise.all(
      Array.from({ length: 50 }, (_, i) => addBadge(me.token, { json }, `198.51.100.${100 + i}`)),
    );
    expect(all.filter((r) => r.json.status === 200)).toHaveLength(1);
    // The rest: already imported, or over the per-account import limit (10 a minute).
    expect(all.every((r) => r.json.status === 200 || r.code === 'E409106' || r.code === 'E429100')).toBe(true);
    expect((await rows(me.id)).results).toHaveLength(1);
  });
});
