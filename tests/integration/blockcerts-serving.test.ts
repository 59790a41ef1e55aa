import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex, fromHex } from '../../src/lib/bytes';
import { buildCredential } from '../../src/server/blockcerts/credential';
import { credentialHash } from '../../src/server/blockcerts/hash';
import { merkleRootOf, merkleTree } from '../../src/server/blockcerts/merkle';
import { decodeProofValue, encodeProofValue } from '../../src/server/blockcerts/proof-value';
import { collectCredentials } from '../../src/server/anchoring/collect';
import { BASE, createAccount, createSession, SAME_ORIGIN, unique } from './helpers';
import { awardTo, env, getHosted, issuerCall, newBadgeClass, newIssuer } from './issuing-helpers';

type Obj = Record<string, unknown>;
const V2 = '/api/v1.0/openbadge/v2';
const ANVIL_ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

async function download(path: string, token: string, id: string) {
  const res = await exports.default.fetch(`${BASE}${V2}${path}`, {
    method: 'POST',
    headers: SAME_ORIGIN,
    body: JSON.stringify({ access_token: token, assertion_id: id }),
  });
  return { res, text: await res.text() };
}
const errorCode = (text: string) => (JSON.parse(text) as { errors?: { code: string }[] }).errors?.[0]?.code;

/** Stores a built credential as the nightly batch does (bc_credentials), not yet in a batch. */
async function store(kind: 'badge' | 'acad_doc', subjectId: string) {
  const built = await buildCredential(env, kind, subjectId);
  if (!built) throw new Error('no credential');
  await env.DB.prepare(
    `INSERT INTO bc_credentials (id, subject_kind, subject_id, credential_json, leaf_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
  )
    .bind(built.id, kind, subjectId, built.json, built.leafHash, Date.now())
    .run();
  return built;
}

/**
 * Anchors stored credentials the way the batch's last step leaves them: a written batch with its
 * transaction, and each credential's MerkleProof2019 proof over the tree of their leaves. (The
 * transaction itself is the batch's business and its own tests'; the interop test reads a real one.)
 */
async function anchor(creds: { id: string; leafHash: string }[]) {
  const batchId = unique('batch');
  const txHash = `0x${bytesToHex(crypto.getRandomValues(new Uint8Array(32)))}`;
  const { root, paths } = merkleTree(creds.map((c) => fromHex(c.leafHash) ?? new Uint8Array()));
  const now = Date.now();
  const stmts = [
    env.DB.prepare(
      `INSERT INTO bc_batches (id, state, network, chain_id, leaf_count, merkle_root, from_address, nonce, tx_hash,
         block_number, block_time, created_at, updated_at) VALUES (?, 'written', 'sepolia', 11155111, ?, ?, ?, 0, ?, 1, ?, ?, ?)`,
    ).bind(batchId, creds.length, bytesToHex(root), ANVIL_ADDRESS, txHash, now, now, now),
    ...creds.map((c, i) => {
      const proofValue = encodeProofValue({
        merkleRoot: bytesToHex(root),
        targetHash: c.leafHash,
        path: (paths[i] ?? []).map((s) =>
          'left' in s ? { left: bytesToHex(s.left) } : { right: bytesToHex(s.right) },
        ),
        anchors: [`blink:eth:sepolia:${txHash}`],
      });
      const proof = {
        type: 'MerkleProof2019',
        created: new Date(now).toISOString(),
        proofValue,
        proofPurpose: 'assertionMethod',
      };
      return env.DB.prepare('UPDATE bc_credentials SET batch_id = ?, leaf_index = ?, proof_json = ? WHERE id = ?').bind(
        batchId,
        i,
        JSON.stringify(proof),
        c.id,
      );
    }),
  ];
  await env.DB.batch(stmts);
  return txHash;
}

async function receivedBlockchainBadge(apiKey: string, classId: string, email: string) {
  const { ids } = await awardTo(apiKey, classId, [email], { blockchain: true });
  const id = ids[0] ?? '';
  await env.DB.prepare('UPDATE assertions SET accept_status = 1, accepted_at = ? WHERE id = ?')
    .bind(Date.now(), id)
    .run();
  return id;
}

describe('Blockcerts credentials of badges: built, served, downloaded, revoked (issue 19)', () => {
  let issuer: { issuerId: string; apiKey: string };
  let owner: { id: string; email: string; token: string };
  let badgeId: string;
  let built: { id: string; json: string; leafHash: string };

  beforeAll(async () => {
    issuer = await newIssuer('東京 Blockchain 大学');
    const acct = await createAccount();
    owner = { ...acct, token: await createSession(acct.id) };
    const classId = await newBadgeClass(issuer.apiKey, {
      name: 'ডেটা বিশ্লেষণ — データ分析',
      description: 'วิเคราะห์ข้อมูล',
    });
    badgeId = await receivedBlockchainBadge(issuer.apiKey, classId, owner.email);
    built = await store('badge', badgeId);
  });

  it('builds a VC 1.1 Blockcerts v3 credential whose leaf is its canonical hash', async () => {
    const doc = JSON.parse(built.json) as Obj;
    expect(doc['@context']).toEqual([
      'https://www.w3.org/2018/credentials/v1',
      'https://w3id.org/openbadges/v2',
      'https://w3id.org/blockcerts/v3',
    ]);
    expect(doc).toMatchObject({
      id: built.id,
      type: ['VerifiableCredential', 'BlockcertsCredential'],
      issuer: `${BASE}/api/v1.0/openBadge/v2/BlockcertsIssuer/${issuer.issuerId}`,
      name: 'ডেটা বিশ্লেষণ — データ分析',
      credentialSubject: { recipient: { type: 'email', hashed: true }, claim: { type: 'BadgeClass' } },
      display: { contentMediaType: 'image/png', contentEncoding: 'base64' },
    });
    expect(built.id).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(doc.issuanceDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(bytesToHex(await credentialHash(doc))).toBe(built.leafHash);
    // The recipient identity is the badge's own: the OB 2.0 assertion and the credential agree.
    const hosted = (await (await getHosted(`/Assertion/${badgeId}`)).json()) as { recipient: Obj };
    expect((doc.credentialSubject as { recipient: Obj }).recipient).toEqual(hosted.recipient);
  });

  it('is 404 at AssertionBC and 409 E409118 to download until anchored; then both give the anchored credential', async () => {
    expect((await getHosted(`/AssertionBC/${badgeId}`)).status).toBe(404);
    const early = await download('/Wallet/Download/Blockchain', owner.token, badgeId);
    expect([early.res.status, errorCode(early.text)]).toEqual([409, 'E409118']);

    const txHash = await anchor([built, await store('badge', await otherBadge())]);
    const res = await getHosted(`/AssertionBC/${badgeId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const served = (await res.json()) as Obj & { proof: { proofValue: string } };
    const p = decodeProofValue(served.proof.proofValue);
    expect(p?.anchors).toEqual([`blink:eth:sepolia:${txHash}`]);
    expect(p?.targetHash).toBe(built.leafHash);
    expect(
      bytesToHex(
        merkleRootOf(
          await credentialHash(served),
          (p?.path ?? []).map((s) =>
            'left' in s
              ? { left: fromHex(s.left) ?? new Uint8Array() }
              : { right: fromHex(s.right) ?? new Uint8Array() },
          ),
        ),
      ),
    ).toBe(p?.merkleRoot);

    const file = await download('/Wallet/Download/Blockchain', owner.token, badgeId);
    expect(file.res.status).toBe(200);
    expect(file.res.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('blockchain_certificate_ডেটা_বিশ্লেষণ_—_データ分析_')}`,
    );
    expect(JSON.parse(file.text)).toEqual(served);
  });

  it('serves the issuer profile naming the anchoring addresses, and is 404 for anyone but the owner', async () => {
    const profile = (await (await getHosted(`/BlockcertsIssuer/${issuer.issuerId}`)).json()) as Obj & {
      publicKey: { id: string; created: string }[];
    };
    expect(profile).toMatchObject({
      type: 'Profile',
      id: `${BASE}/api/v1.0/openBadge/v2/BlockcertsIssuer/${issuer.issuerId}`,
      revocationList: `${BASE}/api/v1.0/openBadge/v2/BlockcertsRevocationList/${issuer.issuerId}`,
    });
    expect(profile.publicKey.map((k) => k.id)).toContain(`ecdsa-koblitz-pubkey:${ANVIL_ADDRESS}`);
    expect((await getHosted(`/BlockcertsIssuer/${unique('nobody')}`)).status).toBe(404);

    const stranger = await createSession((await createAccount()).id);
    const theirs = await download('/Wallet/Download/Blockchain', stranger, badgeId);
    expect([theirs.res.status, errorCode(theirs.text)]).toEqual([404, 'E404101']);
    const anonymous = await download('/Wallet/Download/Blockchain', '', badgeId);
    expect(anonymous.res.status).toBe(401);
  });

  it('50 parallel downloads all get the same file', async () => {
    const all = await Promise.all(
      Array.from({ length: 50 }, () => download('/Wallet/Download/Blockchain', owner.token, badgeId)),
    );
    expect(new Set(all.map((r) => r.res.status))).toEqual(new Set([200]));
    expect(new Set(all.map((r) => r.text)).size).toBe(1);
  });

  it('revoking the badge puts its credential id on the revocation list and AssertionBC answers 410', async () => {
    const { json } = await issuerCall(`/assertions/${badgeId}/revoke`, issuer.apiKey, { reason: 'Awarded in error' });
    expect(json.status).toBe(200);
    const gone = await getHosted(`/AssertionBC/${badgeId}`);
    expect(gone.status).toBe(410);
    expect(await gone.json()).toMatchObject({ id: built.id, revoked: true, revocationReason: 'Awarded in error' });
    const list = (await (await getHosted(`/BlockcertsRevocationList/${issuer.issuerId}`)).json()) as Obj;
    expect(list).toMatchObject({
      type: 'RevocationList',
      revokedAssertions: [{ id: built.id, revocationReason: 'Awarded in error' }],
    });
    // Issue 33, item 5: the owner is told it was revoked; the credential is not handed out.
    const file = await download('/Wallet/Download/Blockchain', owner.token, badgeId);
    expect([file.res.status, errorCode(file.text)]).toEqual([410, 'E410180']);
  });

  async function otherBadge() {
    const classId = await newBadgeClass(issuer.apiKey);
    return receivedBlockchainBadge(issuer.apiKey, classId, `${unique('other')}@example.test`);
  }
});

describe('Blockcerts credentials of academic documents (issue 19)', () => {
  it('displays the document as HTML in its own language and script, downloads once anchored', async () => {
    const issuer = await newIssuer('มหาวิทยาลัยทดสอบ');
    const acct = await createAccount();
    const token = await createSession(acct.id);
    const t = await issuerCall('/cert-templates', issuer.apiKey, {
      name: 'Transcript',
      kind: 'transcript',
      languages: ['th'],
      headings: { th: 'ใบแสดงผลการเรียน' },
    });
    const d = await issuerCall('/acad-docs', issuer.apiKey, {
      template_id: t.json.cert_template_id,
      recipient: acct.email,
      name: 'สมชาย ใจดี',
      title: 'ปริญญาตรี',
      language: 'th',
      blockchain: true,
      rows: [{ course: 'คณิตศาสตร์ <1>', credits: 3, grade: 'A', term: '2567' }],
    });
    expect(d.json.status).toBe(200);
    const docId = d.json.acad_doc_id as string;
    const built = await store('acad_doc', docId);
    const doc = JSON.parse(built.json) as Obj & { display: { contentMediaType: string; content: string } };
    expect(doc.credentialSubject).toMatchObject({ name: 'สมชาย ใจดี' });
    expect(doc.display.contentMediaType).toBe('text/html');
    expect(doc.display.content).toContain('<div lang="th">');
    expect(doc.display.content).toContain('ใบแสดงผลการเรียน');
    expect(doc.display.content).toContain('คณิตศาสตร์ &lt;1&gt;');
    expect(bytesToHex(await credentialHash(doc))).toBe(built.leafHash);

    const early = await download('/AdAssertion/Download/Blockchain', token, docId);
    expect([early.res.status, errorCode(early.text)]).toEqual([409, 'E409118']);
    await anchor([built]);
    const file = await download('/AdAssertion/Download/Blockchain', token, docId);
    expect(file.res.status).toBe(200);
    expect(JSON.parse(file.text)).toMatchObject({ id: built.id, proof: { type: 'MerkleProof2019' } });
    const stranger = await createSession((await createAccount()).id);
    expect((await download('/AdAssertion/Download/Blockchain', stranger, docId)).res.status).toBe(404);
  });

  it('the nightly collect step builds the credential of a live blockchain document, not of a revoked one', async () => {
    const issuer = await newIssuer('Universitas Uji');
    const t = await issuerCall('/cert-templates', issuer.apiKey, {
      name: 'Completion',
      kind: 'completion',
      languages: ['id'],
      headings: { id: 'Sertifikat Penyelesaian' },
    });
    const issue = async (title: string) =>
      (
        await issuerCall('/acad-docs', issuer.apiKey, {
          template_id: t.json.cert_template_id,
          recipient: `${unique('doc')}@example.test`,
          name: 'Siti Rahma',
          title,
          language: 'id',
          blockchain: true,
        })
      ).json.acad_doc_id as string;
    const live = await issue('Kursus Data');
    const revoked = await issue('Dicabut');
    expect((await issuerCall(`/acad-docs/${revoked}/revoke`, issuer.apiKey, { reason: 'Salah' })).json.status).toBe(
      200,
    );
    await collectCredentials(env, Date.now());
    const rows = await env.DB.prepare(
      "SELECT subject_id AS s, credential_json AS j, leaf_hash AS h FROM bc_credentials WHERE subject_kind = 'acad_doc' AND subject_id IN (?, ?)",
    )
      .bind(live, revoked)
      .all<{ s: string; j: string; h: string }>();
    expect(rows.results.map((r) => r.s)).toEqual([live]);
    const row = rows.results[0];
    expect(bytesToHex(await credentialHash(JSON.parse(row?.j ?? '{}') as Obj))).toBe(row?.h);
    expect(row?.j).toContain('<div lang=\\"id\\">');
  });
});
