import { env, exports } from 'cloudflare:workers';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { BASE, createAccount } from './helpers';
import { awardTo, b64, newBadgeClass, newIssuer, waitFor } from './issuing-helpers';

const get = (id: string, headers: Record<string, string> = {}) =>
  exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/Public/ShareImage/${id}.png`, { headers });

const size = (png: Uint8Array) => {
  const v = new DataView(png.buffer, png.byteOffset);
  return { width: v.getUint32(16), height: v.getUint32(20) };
};

async function publicBadge(name: string, badgeClass: Record<string, unknown> = {}) {
  const acct = await createAccount({ first: 'สมชาย', last: 'ใจดี' });
  const { apiKey } = await newIssuer('มหาวิทยาลัยตัวอย่าง');
  const bc = await newBadgeClass(apiKey, { name, ...badgeClass });
  const [id] = (await awardTo(apiKey, bc, [acct.email])).ids;
  await env.DB.prepare('UPDATE assertions SET account_id = ?, accept_status = 2, is_public = 1 WHERE id = ?')
    .bind(acct.id, id)
    .run();
  return { id: id as string, account: acct.id };
}

describe('the share image of a public badge', () => {
  it('renders 1200x630 PNG with Thai and Japanese text, then serves the stored copy', async () => {
    const { id } = await publicBadge('การเขียนโปรแกรม Python 機械学習');
    const first = await get(id);
    expect(first.status).toBe(200);
    expect(first.headers.get('Content-Type')).toBe('image/png');
    // Issue 23: served through the edge cache; browsers and CDNs revalidate on every use (ETag).
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate');
    const png = new Uint8Array(await first.arrayBuffer());
    expect(size(png)).toEqual({ width: 1200, height: 630 });
    const etag = first.headers.get('ETag') ?? '';
    await waitFor(async () => (await env.BUCKET.list({ prefix: `share/${id}/` })).objects.length === 1);
    const again = await get(id);
    expect(again.headers.get('ETag')).toBe(etag);
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(png);
    expect((await get(id, { 'If-None-Match': etag })).status).toBe(304);
  });

  it("keeps the text drawn inside the issuer's SVG artwork", async () => {
    // Artwork that is nothing but a large black letter on white, as the demo badges draw theirs.
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">' +
      '<rect width="256" height="256" fill="#ffffff"/>' +
      '<text x="128" y="210" text-anchor="middle" font-family="sans-serif" font-size="240" font-weight="700" fill="#000000">H</text></svg>';
    const { id } = await publicBadge('Letter badge', { image: b64(new TextEncoder().encode(svg)) });
    const res = await get(id);
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    // pngjs's sync reader needs node's zlib classes; its streaming parser runs in workerd.
    const img = await new Promise<PNG>((ok, fail) => new PNG().parse(bytes, (err, png) => (err ? fail(err) : ok(png))));
    // The 300 px badge image sits at x 72-372, y 165-465; the letter fills roughly its middle.
    let dark = 0;
    for (let y = 200; y < 430; y++)
      for (let x = 100; x < 345; x++) {
        const at = (y * img.width + x) * 4;
        if ((img.data[at] ?? 255) < 90 && (img.data[at + 1] ?? 255) < 90 && (img.data[at + 2] ?? 255) < 90) dark++;
      }
    expect(dark).toBeGreaterThan(3000);
  });

  it('is rendered again when what it shows changes, and the old copy is removed', async () => {
    const { id, account } = await publicBadge('Renaming badge');
    const before = (await get(id)).headers.get('ETag');
    await waitFor(async () => (await env.BUCKET.list({ prefix: `share/${id}/` })).objects.length === 1);
    await env.DB.prepare("UPDATE accounts SET first_name = 'Somsak' WHERE id = ?").bind(account).run();
    const after = await get(id);
    expect(after.status).toBe(200);
    expect(after.headers.get('ETag')).not.toBe(before);
    await waitFor(async () => {
      const keys = (await env.BUCKET.list({ prefix: `share/${id}/` })).objects.map((o) => o.key);
      return keys.length === 1 && keys[0]?.includes((after.headers.get('ETag') ?? '').replaceAll('"', ''));
    });
  });

  it('answers 404 as soon as the badge is private, even when a copy is cached (AZ-03)', async () => {
    const { id } = await publicBadge('Soon private');
    expect((await get(id)).status).toBe(200);
    await env.DB.prepare('UPDATE assertions SET is_public = 0 WHERE id = ?').bind(id).run();
    const res = await get(id);
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toContain('json');
    expect((await get('unknownid123')).status).toBe(404);
  });
});
