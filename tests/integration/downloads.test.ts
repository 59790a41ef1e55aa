import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE, SAME_ORIGIN, createAccount, createSession } from './helpers';
import { awardTo, newBadgeClass, newIssuer } from './issuing-helpers';

const W = '/api/v1.0/openbadge/v2/Wallet';
const post = (path: string, token: string, body: Record<string, unknown>) =>
  exports.default.fetch(`${BASE}${W}/${path}`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, Cookie: `accessToken=${token}` },
    body: JSON.stringify(body),
  });

describe('downloads of a received badge', () => {
  let owner: { token: string; id: string };
  let received: string;
  let claimable: string;
  beforeAll(async () => {
    const acct = await createAccount({ first: '花子', last: '山田' });
    await env.DB.prepare("UPDATE accounts SET first_name_en = 'Hanako', last_name_en = 'Yamada' WHERE id = ?")
      .bind(acct.id)
      .run();
    owner = { id: acct.id, token: await createSession(acct.id) };
    const { apiKey } = await newIssuer('東京工科アカデミー');
    const bc = await newBadgeClass(apiKey, { name: '機械学習入門 การเขียนโปรแกรม' });
    const ids = (await awardTo(apiKey, bc, [acct.email, acct.email.replace('@', '+2@')])).ids;
    await env.DB.prepare('UPDATE assertions SET account_id = ? WHERE id IN (?, ?)').bind(acct.id, ids[0], ids[1]).run();
    await env.DB.prepare('UPDATE assertions SET accept_status = 2 WHERE id = ?').bind(ids[0]).run();
    received = ids[0] as string;
    claimable = ids[1] as string;
  });

  it('renders the PDF certificate with CJK and Thai text, named by the pattern', async () => {
    const res = await post('Download/pdf', owner.token, { assertion_id: received });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(res.headers.get('Content-Disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('certificate_機械学習入門_การเขียนโปรแกรม_')}`,
    );
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const text = new TextDecoder('latin1').decode(bytes);
    // Each script gets its own embedded subset font (Latin, Japanese slice(s), Thai).
    expect(text.match(/\/FontFile2|\/FontFile3|\/FontFile\b/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
    expect(bytes.length).toBeLessThan(400_000);
  });

  it('gives the baked PNG carrying the assertion, and the assertion JSON', async () => {
    const img = await post('Download/image', owner.token, { assertion_id: received });
    expect(img.headers.get('Content-Type')).toBe('image/png');
    const png = new Uint8Array(await img.arrayBuffer());
    expect([...png.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    expect(new TextDecoder('latin1').decode(png)).toContain('openbadges');
    const json = await post('Download/json', owner.token, { assertion_id: received });
    expect(json.headers.get('Content-Disposition')).toMatch(/filename\*=UTF-8''badge_.*\.json/);
    expect(((await json.json()) as { id: string }).id).toMatch(new RegExp(`/Assertion/${received}$`));
  });

  it('gives a QR code of the public page as SVG and PNG', async () => {
    const res = await post('GetQRCodeForPublicDetail', owner.token, { assertion_id: received });
    const body = (await res.json()) as { url: string; svg: string; png: string };
    expect(body.url).toMatch(new RegExp(`/ns/portal/openbadge/public/assertions/detail/${received}$`));
    expect(body.svg).toContain('<svg');
    expect(body.png).toMatch(/^data:image\/png;base64,iVBOR/);
  });

  it('answers 404 for a claimable badge and for anyone but the owner (AZ-01)', async () => {
    expect((await post('Download/pdf', owner.token, { assertion_id: claimable })).status).toBe(404);
    const other = await createAccount();
    const token = await createSession(other.id);
    for (const path of ['Download/pdf', 'Download/image', 'Download/json', 'GetQRCodeForPublicDetail']) {
      const res = await post(path, token, { assertion_id: received });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe('E404101');
    }
  });
});
