import { env, exports } from 'cloudflare:workers';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { BASE, SAME_ORIGIN, createAccount, createSession } from './helpers';
import { awardTo, b64, issuerCall, newBadgeClass, newIssuer } from './issuing-helpers';

/*
 * Issue 37: the share and certificate cards must look the same wherever they are drawn. Each card
 * is decoded and the digest of its RGBA pixels held in a file, written on the code that drew them
 * inside the main Worker; any pixel that changes fails here. Digests are of pixels, not of the PNG,
 * so a change of zlib level or PNG filter alone would not count as a different picture.
 */

const V2 = `${BASE}/api/v1.0/openbadge/v2`;
const IMAGES = `${V2}/Wallet/Public/ShareImage`;

async function pixels(res: Response): Promise<string> {
  if (res.status !== 200) throw new Error(`${res.url}: ${res.status}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  // pngjs's streaming parser runs in workerd (its sync reader needs node's zlib classes).
  const img = await new Promise<PNG>((ok, fail) => new PNG().parse(bytes, (err, png) => (err ? fail(err) : ok(png))));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(img.data)));
  return `${img.width}x${img.height} ${[...digest].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** A public badge of a fresh holder, named and drawn as given. */
async function publicBadge(issuer: string, name: string, person: [string, string], image?: Uint8Array) {
  const acct = await createAccount({ first: person[0], last: person[1] });
  const { apiKey, issuerId } = await newIssuer(issuer);
  const bc = await newBadgeClass(apiKey, { name, ...(image ? { image: b64(image) } : {}) });
  const [id] = (await awardTo(apiKey, bc, [acct.email])).ids;
  await env.DB.prepare('UPDATE assertions SET account_id = ?, accept_status = 2, is_public = 1 WHERE id = ?')
    .bind(acct.id, id)
    .run();
  return { id: id as string, issuerId };
}

/** A public diploma in Japanese, issued through the issuer API with a template, as the demo's are. */
async function publicDiploma() {
  const acct = await createAccount();
  const token = await createSession(acct.id);
  const { apiKey } = await newIssuer('Aoba University');
  const template = await issuerCall('/cert-templates', apiKey, {
    name: 'diploma template',
    kind: 'diploma',
    languages: ['ja', 'en'],
    headings: { ja: '学位記', en: 'Diploma' },
  });
  const doc = await issuerCall('/acad-docs', apiKey, {
    template_id: template.json.cert_template_id,
    recipient: acct.email,
    name: '山田 花子',
    title: '学士（情報科学）',
    details: { Degree: 'Bachelor of Science' },
    issued_on: '2024-03-20T00:00:00Z',
  });
  const id = doc.json.acad_doc_id as string;
  const shown = await exports.default.fetch(`${V2}/AdAssertion/SetAcadDocStatus`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, Cookie: `accessToken=${token}` },
    body: JSON.stringify({ assertion_id: id, is_public: true }),
  });
  if (shown.status !== 200) throw new Error(`SetAcadDocStatus: ${shown.status}`);
  return id;
}

const LETTER_SVG = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">' +
    '<rect width="256" height="256" fill="#ffffff"/>' +
    '<text x="128" y="200" text-anchor="middle" font-family="sans-serif" font-size="200" font-weight="700" fill="#7a4b00">あ</text></svg>',
);

describe('share and certificate cards are drawn pixel for pixel as before (issue 37)', () => {
  it('badge cards (Latin; Thai and Japanese; SVG artwork with its own text), an issuer card, a certificate card', async () => {
    const latin = await publicBadge('Example University', 'Data Analysis with Python', ['Ada', 'Lovelace']);
    const mixed = await publicBadge('มหาวิทยาลัยตัวอย่าง', 'การเขียนโปรแกรม Python 機械学習', ['สมชาย', 'ใจดี']);
    const lettered = await publicBadge('日本語学校', '書道 初段', ['花子', '山田'], LETTER_SVG);
    const diploma = await publicDiploma();
    const cards = {
      latin: await pixels(await exports.default.fetch(`${IMAGES}/${latin.id}.png`)),
      'thai and japanese': await pixels(await exports.default.fetch(`${IMAGES}/${mixed.id}.png`)),
      'svg with text': await pixels(await exports.default.fetch(`${IMAGES}/${lettered.id}.png`)),
      issuer: await pixels(await exports.default.fetch(`${IMAGES}/issuer/${latin.issuerId}.png`)),
      certificate: await pixels(await exports.default.fetch(`${IMAGES}/acaddoc/${diploma}.png`)),
    };
    await expect(`${JSON.stringify(cards, null, 1)}\n`).toMatchFileSnapshot('./__snapshots__/share-pixels.json');
  });
});
