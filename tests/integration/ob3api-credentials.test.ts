import { env, exports } from 'cloudflare:workers';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { encode as base58 } from 'base58-universal';
import { base64url, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signOb3Credential } from '../../src/server/ob3/proof/sign';
import { verifyOb3Proofs } from '../../src/server/ob3/proof/verify';
import { record, school } from './clr-helpers';
import { unique } from './helpers';
import { OB3, SCOPE, bearer, credentialsResponseErrors, imsxErrors, randomIp, tokensFor } from './ob3api-helpers';

/**
 * Issue 21: getCredentials and upsertCredential of the OB 3.0 host API: imported OB 3.0 badges
 * listed as received (JSON and VC-JWT), paging headers, and upsert through the wallet's import.
 */
async function signedFor(email: string, name = 'Pixel pastry') {
  const fresh = await Ed25519Multikey.generate();
  const did = `did:key:${fresh.publicKeyMultibase}`;
  const pair = await Ed25519Multikey.from({
    ...(await fresh.export({ secretKey: true })),
    id: `${did}#${fresh.publicKeyMultibase}`,
    controller: did,
  });
  const credential = {
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
    id: `urn:uuid:${crypto.randomUUID()}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: { id: did, type: ['Profile'], name: 'Lanyard test issuer' },
    validFrom: '2026-01-01T00:00:00Z',
    name,
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [{ type: 'IdentityObject', identityHash: email, identityType: 'emailAddress', hashed: false }],
      achievement: {
        id: 'https://example.org/achievements/1',
        type: ['Achievement'],
        name,
        criteria: { narrative: 'Baked it.' },
        description: 'A test badge.',
      },
    },
  };
  return signOb3Credential(credential, pair.signer());
}

/** An imported badge row as the import writes it (format and raw credential of migration 0010). */
async function held(accountId: string, raw: string, issuedOn: number, format = 'ob3') {
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO host_assertions (id, account_id, external_id, assertion_json, badge_json, issuer_json, name, description,
       issuer_name, recipient_email, issued_on, verified_at, created_at, updated_at, format, raw_credential)
     VALUES (?, ?, ?, '{}', '{}', '{}', 'n', 'd', 'i', 'r@example.test', ?, ?, ?, ?, ?, ?)`,
  )
    .bind(unique('held'), accountId, unique('ext'), issuedOn, now, now, now, format, raw)
    .run();
}

const JWT = 'eyJhbGciOiJFZERTQSJ9.eyJ2YyI6e319.c2lnbmF0dXJl';

describe('getCredentials', () => {
  it('lists the person’s OB 3.0 credentials newest first, as received, with X-Total-Count and Link', async () => {
    const { account, tokens } = await tokensFor(SCOPE.read);
    const day = 86_400_000;
    const t0 = Date.UTC(2026, 0, 1);
    const docs = [];
    for (let i = 0; i < 5; i++) {
      const doc = await signedFor(account.email, `Badge ${i}`);
      docs.push(doc);
      await held(account.id, JSON.stringify(doc), t0 + i * day);
    }
    await held(account.id, JWT, t0 + 10 * day);
    // Not listed: an OB 2.0 import, and another person's credential.
    await held(account.id, '{"not":"ob3"}', t0 + 11 * day, 'ob2');
    // ...nor one that re-verification found invalid.
    await held(account.id, JSON.stringify(await signedFor(account.email, 'Invalid now')), t0 + 12 * day);
    await env.DB.prepare("UPDATE host_assertions SET verify_status = 'invalid' WHERE account_id = ? AND issued_on = ?")
      .bind(account.id, t0 + 12 * day)
      .run();
    const other = await tokensFor(SCOPE.read);
    await held(other.account.id, JSON.stringify(docs[0]), t0);

    const page = async (q: string) => {
      const res = await exports.default.fetch(`${OB3}/credentials?${q}`, { headers: bearer(tokens.access_token) });
      expect(res.status).toBe(200);
      const body = await res.json<{ credential: { name: string }[]; compactJwsString?: string[] }>();
      expect(credentialsResponseErrors(body)).toEqual([]);
      return { body, total: res.headers.get('x-total-count'), link: res.headers.get('link') ?? '' };
    };
    const first = await page('limit=2');
    expect(first.total).toBe('6');
    expect(first.body.compactJwsString).toEqual([JWT]);
    expect(first.body.credential.map((c) => c.name)).toEqual(['Badge 4']);
    expect(first.link).toContain(`<${OB3}/credentials?limit=2&offset=2>; rel="next"`);
    expect(first.link).toContain(`<${OB3}/credentials?limit=2&offset=4>; rel="last"`);
    expect(first.link).not.toContain('rel="prev"');
    const last = await page('limit=2&offset=4');
    expect(last.body.credential.map((c) => c.name)).toEqual(['Badge 1', 'Badge 0']);
    expect(last.link).toContain('rel="prev"');
    expect(last.link).not.toContain('rel="next"');
    // As received, signature included; a lone proof is listed as a proof set of one (the schema's form).
    expect(last.body.credential[1]).toEqual({ ...docs[0], proof: [docs[0]?.['proof']] });
    // ...and still verifies in that form.
    expect(await verifyOb3Proofs(last.body.credential[1])).toMatchObject({
      verified: true,
    });
    const since = await page(`since=${new Date(t0 + 2 * day).toISOString()}`);
    expect(since.total).toBe('3');
    expect(since.link).toContain('since=2026-01-03T00%3A00%3A00.000Z');
  });
});

describe('upsertCredential', () => {
  const upsert = (token: string, body: string, type = 'application/json') =>
    exports.default.fetch(`${OB3}/credentials`, {
      method: 'POST',
      headers: bearer(token, { 'Content-Type': type, 'CF-Connecting-IP': randomIp() }),
      body,
    });

  it('imports a verifying credential for the person (201), the same one again is 200, and it is listed', async () => {
    const { account, tokens } = await tokensFor(`${SCOPE.upsert} ${SCOPE.read}`);
    const doc = await signedFor(account.email);
    const created = await upsert(tokens.access_token, JSON.stringify(doc));
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual(doc);
    const again = await upsert(tokens.access_token, JSON.stringify(doc), 'application/vc+ld+json');
    expect(again.status).toBe(200);
    const list = await exports.default.fetch(`${OB3}/credentials`, { headers: bearer(tokens.access_token) });
    expect(await list.json()).toEqual({ credential: [{ ...doc, proof: [doc['proof']] }] });
  });

  it('a VC-JWT as text/plain is imported (201, the same text back) and listed in compactJwsString', async () => {
    const { account, tokens } = await tokensFor(`${SCOPE.upsert} ${SCOPE.read}`);
    const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const x = base64url.decode((await exportJWK(publicKey)).x as string);
    const did = `did:key:z${base58(Uint8Array.of(0xed, 0x01, ...x))}`;
    const unsigned = await signedFor(account.email, 'Signed as a JWT');
    // The same credential, unsigned: the JWT's signature is its proof.
    const vc: Record<string, unknown> = { ...unsigned, issuer: { id: did, type: ['Profile'], name: 'JWT issuer' } };
    delete vc['proof'];
    const jwt = await new SignJWT({
      vc,
      iss: did,
      jti: vc['id'] as string,
      nbf: Date.parse('2026-01-01T00:00:00Z') / 1000,
    })
      .setProtectedHeader({ alg: 'EdDSA', kid: `${did}#${did.slice(8)}` })
      .sign(privateKey);
    const created = await upsert(tokens.access_token, jwt, 'text/plain');
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toContain('text/plain');
    expect(await created.text()).toBe(jwt);
    const list = await exports.default.fetch(`${OB3}/credentials`, { headers: bearer(tokens.access_token) });
    const body = await list.json();
    expect(body).toEqual({ credential: [], compactJwsString: [jwt] });
    expect(credentialsResponseErrors(body)).toEqual([]);
  });

  it('a credential for someone else or with a broken signature is invalid_data (400)', async () => {
    const { tokens } = await tokensFor(SCOPE.upsert);
    const foreign = await signedFor('someone-else@example.test');
    const changed = { ...(await signedFor('x@example.test')), name: 'Changed' };
    for (const doc of [foreign, changed]) {
      const res = await upsert(tokens.access_token, JSON.stringify(doc));
      const body = await res.json();
      expect({ status: res.status, errors: imsxErrors(body) }).toEqual({ status: 400, errors: [] });
      expect(body).toMatchObject({
        imsx_codeMinor: { imsx_codeMinorField: [{ imsx_codeMinorFieldValue: 'invalid_data' }] },
      });
    }
  });

  it('a CLR 2.0 learner record is not a badge: invalid_data (400, E422108), and nothing is held', async () => {
    const { account, tokens } = await tokensFor(SCOPE.upsert);
    const harbour = await school('Harbour College');
    const clr = await harbour.sign(record(harbour, account.email, []));
    const res = await upsert(tokens.access_token, JSON.stringify(clr));
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('E422108');
    const held = await env.DB.prepare(
      'SELECT (SELECT COUNT(*) FROM held_clrs WHERE account_id = ?1) + (SELECT COUNT(*) FROM host_assertions WHERE account_id = ?1) AS n',
    )
      .bind(account.id)
      .first<{ n: number }>();
    expect(held?.n).toBe(0);
  });

  it('the same credential upserted 50 times at once is held once: one 201, the rest 200 or throttled', async () => {
    const { account, tokens } = await tokensFor(SCOPE.upsert);
    const doc = JSON.stringify(await signedFor(account.email));
    const all = await Promise.all(Array.from({ length: 50 }, () => upsert(tokens.access_token, doc)));
    const statuses = all.map((r) => r.status);
    expect(statuses.filter((s) => s === 201).length).toBe(1);
    expect(statuses.every((s) => s === 201 || s === 200 || s === 429)).toBe(true);
    const rows = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM host_assertions WHERE account_id = ? AND format = 'ob3'",
    )
      .bind(account.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });
});
