import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { chunk, png } from '../support/png';
import { BASE } from './helpers';
import { b64 } from './issuing-helpers';
import { settingsCall as call, signedIn } from './settings-helpers';

const picture = (w = 300, h = 300, extra = 8) => png(w, h, chunk('IDAT', new Uint8Array(extra)));
const get = (url: string) => exports.default.fetch(`${BASE}${url}`);

describe('profile settings (spec §4, §5)', () => {
  it('saves names, English names and the message, with the limits of the config', async () => {
    const me = await signedIn();
    const profile = {
      first_name: '花子',
      last_name: '山田',
      first_name_en: 'Hanako',
      last_name_en: 'Yamada',
      bio: 'Hi.',
    };
    expect((await call(me.cookie, 'Profile/Set', profile)).http).toBe(200);
    expect((await call(me.cookie, 'Profile/Get')).json).toMatchObject({ ...profile, profile_image: null });
    expect((await call(me.cookie, 'Profile/Set', { ...profile, first_name_en: 'x'.repeat(31) })).code).toBe('E400100');
    expect((await call(me.cookie, 'Profile/Set', { ...profile, first_name_en: '花子' })).code).toBe('E400100');
    expect((await call(me.cookie, 'Profile/Set', { ...profile, bio: 'x'.repeat(501) })).code).toBe('E400100');
    expect((await call(me.cookie, 'Profile/Set', { ...profile, first_name: ' ' })).code).toBe('E400100');
  });

  it('uploads a picture under a new key each time; the old URL is gone at once, the object soon after (AV-06)', async () => {
    const me = await signedIn();
    const first = await call(me.cookie, 'Profile/Image', { image: b64(picture()), file_name: 'me.png' });
    const url1 = first.json['profile_image'] as string;
    expect(url1).toMatch(/\/Wallet\/Public\/ProfileImage\//);
    const served = await get(url1);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    await served.arrayBuffer();
    const second = await call(me.cookie, 'Profile/Image', { image: b64(picture(400, 400)), file_name: 'me.png' });
    const url2 = second.json['profile_image'] as string;
    expect(url2).not.toBe(url1);
    expect((await get(url1)).status).toBe(404);
    // The old object is removed by the outbox job written with the swap.
    const stored = async () => (await env.BUCKET.list({ prefix: `avatars/${me.id}/` })).objects.length;
    await expect.poll(stored, { timeout: 20_000 }).toBe(1);
    expect((await call(me.cookie, 'Profile/Image/Delete')).http).toBe(200);
    expect((await get(url2)).status).toBe(404);
    await expect.poll(stored, { timeout: 20_000 }).toBe(0);
  });

  it('refuses 249 px, 5 MB + 1 byte and a renamed GIF with the spec errors', async () => {
    const me = await signedIn();
    const up = (bytes: Uint8Array, name = 'me.png') =>
      call(me.cookie, 'Profile/Image', { image: b64(bytes), file_name: name });
    const small = await up(picture(249, 249));
    expect(small).toMatchObject({ http: 422, code: 'E422104' });
    expect(small.message).toMatch(/250/);
    expect(await up(picture(300, 300, 5_242_881 - 57))).toMatchObject({ http: 413, code: 'E413101' });
    expect((await up(new TextEncoder().encode('GIF89a' + '\0'.repeat(64)), 'me.jpg')).code).toBe('E415104');
    expect((await up(picture(), 'me.gif')).code).toBe('E415104');
  });
});
