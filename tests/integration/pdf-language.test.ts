import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageOperators, pdfPageText } from '../support/pdf-text';
import { BASE, SAME_ORIGIN, createAccount, createSession } from './helpers';
import { awardTo, newBadgeClass, newIssuer } from './issuing-helpers';

/**
 * Issue 24 item 5c: the PDF certificate speaks the language it is downloaded in, with the name in
 * that language's rule (docs/design/decisions.md "PDF certificates"), and every glyph drawn from an embedded font.
 */
describe('the PDF certificate in the download language', () => {
  let token: string;
  let id: string;
  beforeAll(async () => {
    const acct = await createAccount({ first: '花子', last: '山田' });
    await env.DB.prepare("UPDATE accounts SET first_name_en = 'Hanako', last_name_en = 'Yamada' WHERE id = ?")
      .bind(acct.id)
      .run();
    token = await createSession(acct.id);
    const { apiKey } = await newIssuer('Tokyo Academy');
    const bc = await newBadgeClass(apiKey, { name: 'Data Analysis 101' });
    id = (await awardTo(apiKey, bc, [acct.email])).ids[0] as string;
    await env.DB.prepare('UPDATE assertions SET account_id = ?, accept_status = 2 WHERE id = ?')
      .bind(acct.id, id)
      .run();
  });

  /** The certificate downloaded from a page in `lang` (the language cookie the wallet sets). */
  async function pdfBytes(lang: string) {
    const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/Download/pdf`, {
      method: 'POST',
      headers: { ...SAME_ORIGIN, Cookie: `accessToken=${token}; language=${lang}` },
      body: JSON.stringify({ assertion_id: id }),
    });
    expect(res.status).toBe(200);
    return new Uint8Array(await res.arrayBuffer());
  }

  async function download(lang: string) {
    const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/Download/pdf`, {
      method: 'POST',
      headers: { ...SAME_ORIGIN, Cookie: `accessToken=${token}; language=${lang}` },
      body: JSON.stringify({ assertion_id: id }),
    });
    expect(res.status).toBe(200);
    const shown = await pdfPageText(new Uint8Array(await res.arrayBuffer()));
    expect(shown.filter((s) => s.missingGlyph)).toEqual([]);
    return shown.map((s) => s.text).join('');
  }

  it('in Japanese: Japanese labels and the name as written in the wallet, family name first', async () => {
    const text = await download('ja');
    for (const label of ['認定証', '次のバッジを取得したことを証明します', '発行者：Tokyo Academy', '発行日：'])
      expect(text).toContain(label);
    expect(text).toContain('山田 花子');
    expect(text).toContain('Data Analysis 101');
    expect(text).not.toMatch(/CERTIFICATE|has earned|issued by|Issued on|Hanako/i);
  });

  it('in Thai: Thai labels, drawn with the Thai font', async () => {
    // Shaping draws SARA AM (ำ) as two glyphs, NIKHAHIT and SARA AA, and pdf-lib's ToUnicode map
    // reads them back as "ำ" + "า"; the page shows "ำ", so that is what is compared.
    const text = (await download('th')).replaceAll('\u0e33\u0e32', '\u0e33');
    for (const label of ['ใบรับรองความสำเร็จ', 'ได้รับเหรียญตรา', 'ออกโดย Tokyo Academy', 'ตรวจสอบเหรียญตรานี้'])
      expect(text).toContain(label);
    expect(text).toContain('花子 山田');
    expect(text).not.toMatch(/CERTIFICATE|has earned|issued by|Issued on|Hanako/i);
  });

  it('in English: English labels and the English name (spec §3: English names are for PDFs)', async () => {
    const text = await download('en');
    for (const label of ['CERTIFICATE OF ACHIEVEMENT', 'has earned the badge', 'issued by Tokyo Academy'])
      expect(text).toContain(label);
    expect(text).toContain('Hanako Yamada');
    expect(text).not.toContain('花子');
  });

  it('in Bengali: the labels are placed glyph by glyph with their OpenType offsets, and copy out as written', async () => {
    const bytes = await pdfBytes('bn-BD');
    const shown = await pdfPageText(bytes);
    expect(shown.filter((s) => s.missingGlyph)).toEqual([]);
    // GPOS-positioned runs are TJ arrays carrying the text as written (ActualText): before, vowel
    // signs and ra-phala were drawn at plain advances, after their consonant.
    const ops = await pageOperators(bytes);
    expect(ops).toMatch(/\] TJ/);
    expect(ops).toContain('/ActualText');
  });
});
