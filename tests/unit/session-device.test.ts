import { describe, expect, it } from 'vitest';
import { placeLabel, placeOf } from '../../src/server/sessions/place';
import { deviceLabel } from '../../src/server/sessions/user-agent';

/** Issue 22: the few rules that name a session's browser and system, and the place from request.cf. */
describe('deviceLabel', () => {
  const cases: [string, string | null, string | null][] = [
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome',
      'Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge',
      'Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari',
      'macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
      'Chrome',
      'iOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'Samsung Internet',
      'Android',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox', 'Linux'],
    [
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome',
      'ChromeOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
      'Opera',
      'Windows',
    ],
    ['curl/8.5.0', null, null],
    ['', null, null],
  ];
  for (const [ua, browser, os] of cases)
    it(`${browser ?? '?'} on ${os ?? '?'}: ${ua.slice(0, 40)}`, () =>
      expect(deviceLabel(ua)).toMatchObject({ browser, os }));
  it('reads no more than 512 characters (a huge header costs nothing)', () =>
    expect(deviceLabel(`${'x'.repeat(600)} Firefox/1`)).toMatchObject({ browser: null }));
});

describe('placeOf / placeLabel', () => {
  const withCf = (cf: object | undefined) => Object.assign(new Request('https://x.test/'), { cf }) as Request;
  it('takes country and city from request.cf, names the country in the language', () => {
    const place = placeOf(withCf({ country: 'JP', city: 'Osaka' }), true);
    expect(place).toEqual({ country: 'JP', city: 'Osaka' });
    expect(placeLabel(place, 'en')).toBe('Osaka, Japan');
    expect(placeLabel(place, 'ja')).toBe('Osaka, 日本');
  });
  it('is unknown without cf (local), for Cloudflare’s XX and T1 codes, and for malformed values', () => {
    for (const cf of [
      undefined,
      {},
      { country: 'XX' },
      { country: 'T1', city: 'x' },
      { country: 'jp' },
      { country: 42 },
    ])
      expect(placeLabel(placeOf(withCf(cf), true), 'en')).toBeNull();
  });
  it('is unknown off the edge (local workerd’s placeholder cf is not a place)', () =>
    expect(placeOf(withCf({ country: 'US', city: 'Austin' }), false)).toEqual({ country: null, city: null }));
  it('drops control characters from the city', () =>
    expect(placeOf(withCf({ country: 'DE', city: 'Ber\u0000lin\n' }), true).city).toBe('Berlin'));
});
