import { env, exports } from 'cloudflare:workers';
import { base64url } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { unbake } from '../../src/server/openbadges/baking';
import { BASE, createAccount, SAME_ORIGIN } from './helpers';
import { issueDoc, newTemplate } from './acad-issuing-helpers';
import { seedDoc, seedIssuer, seedOwner } from './acad-helpers';
import { getHosted, issuerCall, newIssuer } from './issuing-helpers';
import { verifyHostedUrl, verifyJws } from './ob2-check';

const OB = `${new URL(BASE).origin}/api/v1.0/openBadge/v2`;
type Json = Record<string, unknown>;

const verification = async (body: Json) => {
  const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/Public/Verification`, {
    method: 'POST',
    headers: SAME_ORIGIN,
    body: JSON.stringify({ verification_mail: [], ...body }),
  });
  return { status: res.status, json: (await res.json()) as Json & { items: Record<string, { status: string }> } };
};
const statuses = (r: { items: Record<string, { status: string }> }) =>
  Object.fromEntries(Object.entries(r.items).map(([k, v]) => [k, v.status]));
const ALL_SUCCESS = { issued_by: 'success', issued_on: 'success', awarded_to: 'success', expires_on: 'success' };

/** The JWS a document's baked class image carries (what a verifier gets from /Assertion/{id}/image). */
async function bakedJws(id: string) {
  const res = await getHosted(`/Assertion/${id}/image`);
  expect(res.status).toBe(200);
  expect(res.headers.get('Content-Type')).toBe('image/png');
  return unbake(new Uint8Array(await res.arrayBuffer())).payload;
}

describe('the Open Badges 2.0 credential behind an academic document', () => {
  let apiKey: string;
  let issuerId: string;
  let owner: { id: string; email: string };
  let docId: string;
  beforeAll(async () => {
    ({ apiKey, issuerId } = await newIssuer('Kanto Institute of Technology'));
    owner = await createAccount({ first: 'Hanako', last: 'Yamada' });
    const tpl = await newTemplate(apiKey);
    const doc = await issueDoc(apiKey, tpl.id, owner.email, { language: 'ja', title: '工学士（情報工学）' });
    expect(doc.res.status).toBe(200);
    docId = doc.id;
  });

  it('is served at its id as a signed assertion whose BadgeClass carries the title and details', async () => {
    const res = await getHosted(`/Assertion/${docId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    const a = (await res.json()) as Json;
    expect(a).toMatchObject({
      '@context': 'https://w3id.org/openbadges/v2',
      type: 'Assertion',
      id: `${OB}/Assertion/${docId}`,
      badge: `${OB}/BadgeClass/${docId}`,
      recipient: { type: 'email', hashed: true },
      verification: { type: 'SignedBadge' },
    });
    const bc = (await (await getHosted(`/BadgeClass/${docId}`)).json()) as Json;
    expect(bc).toMatchObject({
      type: 'BadgeClass',
      id: `${OB}/BadgeClass/${docId}`,
      name: '工学士（情報工学）',
      image: `${OB}/BadgeClass/${docId}/image`,
      issuer: `${OB}/Issuer/${issuerId}`,
    });
    expect(bc.description).toContain('学位記');
    expect(bc.description).toContain('Major: Information Engineering');
    expect((bc.criteria as Json).narrative).toContain('Kanto Institute of Technology');
    const img = await getHosted(`/BadgeClass/${docId}/image`);
    expect(img.headers.get('Content-Type')).toBe('image/png');
    // A browser is sent to the certificate's page, not the badge page.
    const html = await getHosted(`/Assertion/${docId}`, 'text/html');
    expect(html.status).toBe(303);
    expect(html.headers.get('Location')).toMatch(new RegExp(`/public/acaddocs/detail/${docId}$`));
  });

  it('passes the OB 2.0 check as the signed badge its baked image carries, for its recipient only', async () => {
    const jws = await bakedJws(docId);
    expect(await verifyJws(jws, owner.email)).toMatchObject({ valid: true });
    expect(await verifyJws(jws, 'someone-else@example.test')).toEqual({ valid: false, reason: 'recipient' });
    // The hosted copy is the very assertion the JWS signs, and a verifier starting from its URL agrees.
    const payload = JSON.parse(new TextDecoder().decode(base64url.decode(jws.split('.')[1] ?? ''))) as Json;
    expect(payload).toEqual(await (await getHosted(`/Assertion/${docId}`)).json());
    expect(await verifyHostedUrl(`${OB}/Assertion/${docId}`, owner.email)).toMatchObject({ valid: true });
  });

  it('verifies by id through Public/Verification: all four items, the holder named', async () => {
    const { status, json } = await verification({ input_type: 'assertion_id', assertion_id: docId });
    expect(status).toBe(200);
    expect(statuses(json)).toEqual(ALL_SUCCESS);
    expect(json.verify_errors_code).toEqual([]);
    expect(json.badge_pass).toBe(true);
    expect((json.badge_information as Json).badge_name).toBe('工学士（情報工学）');
    expect((json.badge_information as Json).badge_recipient_name).toBe('Hanako Yamada');
  });

  it('revoked: 410 with revoked: true, listed in the RevocationList, and verification fails', async () => {
    // Another issuer: its RevocationList has not been read (and kept for its minute) by other tests.
    const other = await newIssuer('Revoking University');
    const tpl = await newTemplate(other.apiKey, { name: 'To revoke' });
    const doc = await issueDoc(other.apiKey, tpl.id, owner.email);
    const jws = await bakedJws(doc.id);
    const { res } = await issuerCall(`/acad-docs/${doc.id}/revoke`, other.apiKey, { reason: 'Issued in error' });
    expect(res.status).toBe(200);
    const gone = await getHosted(`/Assertion/${doc.id}`);
    expect(gone.status).toBe(410);
    expect(await gone.json()).toMatchObject({ revoked: true, revocationReason: 'Issued in error' });
    expect((await getHosted(`/Assertion/${doc.id}/image`)).status).toBe(410);
    const list = (await (await getHosted(`/RevocationList/${other.issuerId}`)).json()) as Json;
    expect(list.revokedAssertions).toContainEqual({
      id: `${OB}/Assertion/${doc.id}`,
      revocationReason: 'Issued in error',
    });
    expect(await verifyJws(jws, owner.email)).toEqual({ valid: false, reason: 'revoked' });
    const byId = await verification({ input_type: 'assertion_id', assertion_id: doc.id });
    expect(byId.json.badge_pass).toBe(false);
    expect((byId.json.badge_information as Json).revoked).toBe(true);
    const signed = await verification({ input_type: 'jws', jws, verification_mail: [owner.email] });
    expect(signed.json.badge_pass).toBe(false);
  });

  it('a document without a recipient identity (older rows) is not served as an assertion', async () => {
    const issuer = await seedIssuer();
    const holder = await seedOwner();
    const { docId: old } = await seedDoc(issuer, holder, { noIdentity: true });
    expect((await getHosted(`/Assertion/${old}`)).status).toBe(404);
    expect((await getHosted(`/BadgeClass/${old}`)).status).toBe(404);
    expect((await getHosted(`/BadgeClass/${old}/image`)).status).toBe(404);
    const { docId: fresh } = await seedDoc(issuer, holder, { images: false, kind: 'transcript' });
    // Without template images the class image is a generated card, still a PNG any baker can use.
    const card = await getHosted(`/BadgeClass/${fresh}/image`);
    expect(card.status).toBe(200);
    expect([...new Uint8Array(await card.arrayBuffer()).slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    expect(env.PUBLIC_BASE_URL).toBeTruthy();
  });
});
