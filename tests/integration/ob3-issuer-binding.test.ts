import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { env, exports } from 'cloudflare:workers';
import { encode as base58 } from 'base58-universal';
import { base64url, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ob3Urls } from '../../src/server/ob3/issue/urls';
import { signOb3Credential } from '../../src/server/ob3/proof/sign';
import { obUrls } from '../../src/server/openbadges/urls';
import { BASE, SAME_ORIGIN, createAccount, createSession, unique } from './helpers';
import { reverifyImported } from '../../src/server/import/reverify';
import { newIssuer } from './issuing-helpers';
import { SERVER, didKey, ob3Credential, put, walletCall, type Obj } from './ob3-import-helpers';
import { matchReports, recordReport } from '../support/report-snapshot';

/**
 * Issue 33, item 1: an issuer is proven by a key the issuer controls, or not at all. A credential
 * that names a real issuer (Lanyard's own did:web issuer, its https profile, another host's profile,
 * another did:key) but is signed with the sender's own key fails issued_by with E169 and cannot be
 * imported. A key that is the issuer's id itself (its did:key, or 1EdTech's key in the issuer URL's
 * fragment with no profile there) passes with W003: the name is the credential's own claim. A key
 * the issuer's profile at its id lists is proven (no W003).
 */
type Report = {
  verify_state: string;
  verify_errors_code: string[];
  verify_warnings_code: string[];
  badge_pass: boolean;
  items: Record<string, { status: string; text: string | null }>;
};

beforeAll(() => {
  (env as unknown as Record<string, string>)['OUTBOUND_TEST_ALLOW'] = new URL(SERVER).host;
});

async function verify(body: Obj): Promise<Report> {
  const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/Public/Verification`, {
    method: 'POST',
    headers: SAME_ORIGIN,
    body: JSON.stringify({ verification_mail: [LEARNER], ...body }),
  });
  expect(res.status).toBe(200);
  return recordReport((await res.json()) as Report);
}

const LEARNER = 'forged-learner@example.org';
const asJson = (c: Obj) => ({ input_type: 'json', json: JSON.stringify(c) });

/**
 * An EdDSA VC-JWT of `vc` signed by a fresh key of the sender's own, named by a `kid` that is its
 * did:key, or carried as a header `jwk` with no kid.
 */
async function vcJwt(vc: Obj, how: 'kid' | 'jwk') {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const jwk = await exportJWK(publicKey);
  const did = `did:key:z${base58(Uint8Array.of(0xed, 0x01, ...base64url.decode(jwk.x as string)))}`;
  const header = how === 'jwk' ? { jwk } : { kid: `${did}#${did.slice(8)}` };
  const jwt = await new SignJWT({ vc, jti: vc['id'] as string, nbf: Date.parse(vc['validFrom'] as string) / 1000 })
    .setProtectedHeader({ alg: 'EdDSA', ...header })
    .sign(privateKey);
  return { jwt, jwk: jwk as JWK };
}

/** A pair whose verification method is `<controller>#<its multibase key>` (1EdTech's fragment form). */
async function fragmentPair(controller: string) {
  const fresh = await Ed25519Multikey.generate();
  const id = `${controller}#${fresh.publicKeyMultibase}`;
  const pair = await Ed25519Multikey.from({ ...(await fresh.export({ secretKey: true })), id, controller });
  return { id, multibase: fresh.publicKeyMultibase, sign: (c: Obj) => signOb3Credential(c, pair.signer()) };
}

describe('a forged issuer is never verified (E169)', () => {
  it("a VC-JWT naming this server's own did:web issuer, signed by the sender's did:key", async () => {
    const { issuerId } = await newIssuer(`Sakura Institute ${unique('i')}`);
    const did = ob3Urls(env.PUBLIC_BASE_URL).did(issuerId);
    const { jwt } = await vcJwt(ob3Credential(did, LEARNER), 'kid');
    const r = await verify({ input_type: 'jws', jws: jwt });
    expect(r.verify_errors_code).toContain('E169');
    expect(r.items['issued_by']?.status).toBe('fail');
    expect(r.badge_pass).toBe(false);
    expect(r.verify_state).toBe('invalid');
  });

  it('a VC-JWT with a header jwk and no kid, naming a did:web issuer or our https issuer profile', async () => {
    const { issuerId } = await newIssuer(`Sakura Institute ${unique('i')}`);
    for (const id of [ob3Urls(env.PUBLIC_BASE_URL).did(issuerId), obUrls(env.PUBLIC_BASE_URL).issuer(issuerId)]) {
      const { jwt } = await vcJwt(ob3Credential(id, LEARNER), 'jwk');
      const r = await verify({ input_type: 'jws', jws: jwt });
      expect(r.verify_errors_code, id).toContain('E169');
      expect(r.verify_state, id).toBe('invalid');
      expect(r.items['issued_by']?.status).toBe('fail');
    }
  });

  it('a did:key issuer signed by another did:key', async () => {
    const victim = await didKey();
    const attacker = await didKey();
    const r = await verify(asJson(await attacker.sign(ob3Credential(victim.did, LEARNER))));
    expect(r.verify_errors_code).toEqual(['E169']);
    expect(r.items['issued_by']?.status).toBe('fail');
  });

  it("a key in the fragment of our own https issuer's URL: its profile lists no such key", async () => {
    const { issuerId } = await newIssuer(`Sakura Institute ${unique('i')}`);
    const url = obUrls(env.PUBLIC_BASE_URL).issuer(issuerId);
    const key = await fragmentPair(url);
    const r = await verify(asJson(await key.sign(ob3Credential(url, LEARNER))));
    expect(r.verify_errors_code).toEqual(['E169']);
    expect(r.verify_state).toBe('invalid');
  });

  it('cannot be imported: the wallet refuses it as not valid', async () => {
    const acct = await createAccount();
    const token = await createSession(acct.id);
    const { issuerId } = await newIssuer(`Sakura Institute ${unique('i')}`);
    const { jwt } = await vcJwt(ob3Credential(ob3Urls(env.PUBLIC_BASE_URL).did(issuerId), acct.email), 'kid');
    const r = await walletCall(token, 'AddBadge', { json: jwt });
    expect(r.code).toBe('E422102');
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM host_assertions WHERE account_id = ?')
      .bind(acct.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });
});

describe("an issuer's profile at its https id binds the key", () => {
  it('a JWT header key the profile lists is proven (no W003); one it does not list is E169', async () => {
    const path = `/store/${unique('issuer')}`;
    const issuer = `${SERVER}${path}`;
    const good = await vcJwt(ob3Credential(issuer, LEARNER), 'jwk');
    await put(path, { id: issuer, type: 'Profile', name: 'Harbour Guild', publicKey: [{ publicKeyJwk: good.jwk }] });
    const ok = await verify({ input_type: 'jws', jws: good.jwt });
    expect(ok.verify_errors_code).toEqual([]);
    expect(ok.verify_warnings_code).toEqual([]);
    expect(ok.badge_pass).toBe(true);
    const other = await vcJwt(ob3Credential(issuer, LEARNER), 'jwk');
    const bad = await verify({ input_type: 'jws', jws: other.jwt });
    expect(bad.verify_errors_code).toEqual(['E169']);
    expect(bad.verify_state).toBe('invalid');
  });

  it('a JWT header key with no profile at the id: E169 (missing), could not verify now (unreachable)', async () => {
    const missing = `${SERVER}/store/${unique('nobody')}`;
    const r = await verify({ input_type: 'jws', jws: (await vcJwt(ob3Credential(missing, LEARNER), 'jwk')).jwt });
    expect(r.verify_errors_code).toEqual(['E169']);
    expect(r.verify_state).toBe('invalid');
    // Port 9 on 127.0.0.1 answers nothing: the profile that might list the key is out of reach.
    const down = 'http://127.0.0.1:9/issuer';
    (env as unknown as Record<string, string>)['OUTBOUND_TEST_ALLOW'] = `${new URL(SERVER).host},127.0.0.1:9`;
    const u = await verify({ input_type: 'jws', jws: (await vcJwt(ob3Credential(down, LEARNER), 'jwk')).jwt });
    (env as unknown as Record<string, string>)['OUTBOUND_TEST_ALLOW'] = new URL(SERVER).host;
    expect(u.verify_errors_code).toEqual(['E169']);
    expect(u.verify_state).toBe('unverifiable');
  });

  it("1EdTech's fragment key: W003 with no profile there, proven when the profile lists it", async () => {
    // Two issuers, so that no document read for one stands in for the other's.
    const bare = `${SERVER}/store/${unique('issuer')}`;
    const alone = await fragmentPair(bare);
    const self = await verify(asJson(await alone.sign(ob3Credential(bare, LEARNER))));
    expect(self.verify_errors_code).toEqual([]);
    expect(self.verify_warnings_code).toEqual(['W003']);
    const path = `/store/${unique('issuer')}`;
    const listed = await fragmentPair(`${SERVER}${path}`);
    await put(path, {
      id: `${SERVER}${path}`,
      type: 'Profile',
      name: 'Harbour Guild',
      verificationMethod: [listed.id],
    });
    const proven = await verify(asJson(await listed.sign(ob3Credential(`${SERVER}${path}`, LEARNER))));
    expect(proven.verify_errors_code).toEqual([]);
    expect(proven.verify_warnings_code).toEqual([]);
  });

  it('a profile reached through a redirect proves nothing: only one read at the issuer id itself counts', async () => {
    const path = `/store/${unique('issuer')}`;
    const issuer = `${SERVER}/redirect?to=${encodeURIComponent(path)}`;
    const jwt = await vcJwt(ob3Credential(issuer, LEARNER), 'jwk');
    await put(path, { id: issuer, type: 'Profile', name: 'Harbour Guild', publicKey: [{ publicKeyJwk: jwt.jwk }] });
    const r = await verify({ input_type: 'jws', jws: jwt.jwt });
    expect(r.verify_errors_code).toEqual(['E169']);
    expect(r.verify_state).toBe('invalid');
  });

  it("a fragment key whose issuer's profile is out of reach: could not verify now, never its own claim", async () => {
    const down = 'http://127.0.0.1:9/issuer';
    (env as unknown as Record<string, string>)['OUTBOUND_TEST_ALLOW'] = `${new URL(SERVER).host},127.0.0.1:9`;
    const key = await fragmentPair(down);
    const r = await verify(asJson(await key.sign(ob3Credential(down, LEARNER))));
    (env as unknown as Record<string, string>)['OUTBOUND_TEST_ALLOW'] = new URL(SERVER).host;
    expect(r.verify_errors_code).toEqual(['E169']);
    expect(r.verify_state).toBe('unverifiable');
  });

  it("a did:key the https issuer's profile lists is the issuer's (no W003)", async () => {
    const path = `/store/${unique('issuer')}`;
    const issuer = `${SERVER}${path}`;
    const key = await didKey();
    await put(path, {
      id: issuer,
      type: 'Profile',
      name: 'Harbour Guild',
      assertionMethod: [`${key.did}#${key.did.slice(8)}`],
    });
    const r = await verify(asJson(await key.sign(ob3Credential(issuer, LEARNER))));
    expect(r.verify_errors_code).toEqual([]);
    expect(r.verify_warnings_code).toEqual([]);
  });

  it('a did:key issuer signed by itself stands, as its own claim (W003)', async () => {
    const key = await didKey();
    const r = await verify(asJson(await key.sign(ob3Credential(key.did, LEARNER))));
    expect(r.verify_errors_code).toEqual([]);
    expect(r.verify_warnings_code).toEqual(['W003']);
  });
});

describe('the wallet keeps whether the issuer is proven, and its pages say so', () => {
  const detail = async (token: string, id: string) =>
    (await walletCall(token, 'GetHostAssertion', { assertion_id: id })).json['assertion'] as {
      issuer: { name: string; claimed: boolean };
    };

  it('a self-signed did:key issuer is imported with its name marked as its own claim; a proven one is not', async () => {
    const acct = await createAccount();
    const token = await createSession(acct.id);
    const key = await didKey();
    const claimed = await walletCall(token, 'AddBadge', {
      json: JSON.stringify(await key.sign(ob3Credential(key.did, acct.email))),
    });
    expect(claimed.json.status).toBe(200);
    const id = claimed.json['assertion_id'] as string;
    expect((await detail(token, id)).issuer).toMatchObject({ name: 'Harbour Guild', claimed: true });
    // Public too, once published.
    await walletCall(token, 'SetAssertionStatus', { assertion_id: id, is_public: true });
    const pub = await walletCall('', 'Public/GetHostAssertion', { assertion_id: id });
    expect((pub.json['assertion'] as { issuer: { claimed: boolean } }).issuer.claimed).toBe(true);

    // An issuer whose profile at its id lists the key: proven, not marked.
    const path = `/store/${unique('issuer')}`;
    const issuer = `${SERVER}${path}`;
    const jwt = await vcJwt(ob3Credential(issuer, acct.email), 'jwk');
    await put(path, { id: issuer, type: 'Profile', name: 'Harbour Guild', publicKey: [{ publicKeyJwk: jwt.jwk }] });
    const proven = await walletCall(token, 'AddBadge', { json: jwt.jwt });
    expect(proven.json.status).toBe(200);
    expect((await detail(token, proven.json['assertion_id'] as string)).issuer.claimed).toBe(false);
  });

  it('the nightly re-verification writes what it finds (a row imported under the old rule is claimed until then)', async () => {
    const acct = await createAccount();
    const token = await createSession(acct.id);
    const path = `/store/${unique('issuer')}`;
    const issuer = `${SERVER}${path}`;
    const jwt = await vcJwt(ob3Credential(issuer, acct.email), 'jwk');
    await put(path, { id: issuer, type: 'Profile', name: 'Harbour Guild', publicKey: [{ publicKeyJwk: jwt.jwk }] });
    const added = await walletCall(token, 'AddBadge', { json: jwt.jwt });
    const id = added.json['assertion_id'] as string;
    // As migration 0020 leaves an OB 3.0 row imported before it, and long unchecked.
    await env.DB.prepare('UPDATE host_assertions SET issuer_claimed = 1, verified_at = 0 WHERE id = ?').bind(id).run();
    expect((await detail(token, id)).issuer.claimed).toBe(true);
    await reverifyImported(env as unknown as Env);
    expect((await detail(token, id)).issuer.claimed).toBe(false);
  });
});

describe('endorsements follow the same rule', () => {
  it("an endorsement naming one did:key but signed by another is invalid; a self-signed one's name is its own claim", async () => {
    const endorser = await didKey();
    const attacker = await didKey();
    const endorsementBy = (signer: typeof endorser) =>
      signer.sign({
        '@context': [
          'https://www.w3.org/ns/credentials/v2',
          'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
        ],
        id: `urn:uuid:${crypto.randomUUID()}`,
        type: ['VerifiableCredential', 'EndorsementCredential'],
        issuer: { id: endorser.did, type: ['Profile'], name: 'Sea Board' },
        validFrom: '2026-01-01T00:00:00Z',
        name: 'Endorsement',
        credentialSubject: { id: 'https://guild.example/achievements/knots', type: ['EndorsementSubject'] },
      });
    const key = await didKey();
    const c = await key.sign(
      ob3Credential(key.did, LEARNER, { endorsement: [await endorsementBy(endorser), await endorsementBy(attacker)] }),
    );
    const r = (await verify(asJson(c))) as Report & { endorsements: Obj[] };
    expect(r.endorsements.map((e) => [e['state'], e['claimed'] ?? false])).toEqual([
      ['valid', true],
      ['invalid', false],
    ]);
  });
});

it('the reports of this corpus are held while the verifier changes shape (issue 36)', () =>
  matchReports('ob3-issuer-binding'));
