import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bake, BakeError, sniffImage, unbake } from '../../src/server/openbadges/baking';
import { chunk, concat, IEND, png, SIGNATURE, textChunk } from '../support/png';
import { BAKED_SVG_URLS, UNBAKED } from '../support/bakery-fixtures';

const CONFORMANCE = new URL('../fixtures/conformance/', import.meta.url);
const fixture = (p: string) => new Uint8Array(readFileSync(new URL(p, CONFORMANCE)));
const enc = new TextEncoder();
const reason = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof BakeError) return e.reason;
    throw e;
  }
  return 'ok';
};

describe('bakery fixtures (tests/fixtures/conformance)', () => {
  it.each(BAKED_SVG_URLS)('%s unbakes to its verify URL', (file, url) => {
    const out = unbake(fixture(file));
    expect(out.format).toBe('svg');
    expect(out.payload).toBe(url);
    expect(out.verify).toBe(url);
  });

  it('concentricsky baked_heart.png carries an OB 1.0 assertion in iTXt', () => {
    const out = unbake(fixture('concentricsky-openbadges-bakery/baked_heart.png'));
    expect(out.format).toBe('png');
    const json = JSON.parse(out.payload) as { uid: string; badge: string; verify: { type: string } };
    expect(json.uid).toBe('123');
    expect(json.badge).toBe('http://example.org/badge1');
    expect(json.verify.type).toBe('hosted');
  });

  it.each(UNBAKED)('%s is not baked', (file) => expect(reason(() => unbake(fixture(file)))).toBe('not_baked'));
});

describe('round trips', () => {
  const assertion = JSON.stringify({
    '@context': 'https://w3id.org/openbadges/v2',
    id: 'https://w.example/a/1',
    note: 'has ]]> and 日本語',
  });

  it('PNG: hosted JSON in, same JSON out; re-baking leaves exactly one chunk', () => {
    const once = bake(fixture('concentricsky-openbadges-bakery/public_domain_heart.png'), {
      verify: 'https://w.example/a/1',
      json: assertion,
    });
    const twice = bake(once, { verify: 'https://w.example/a/2', json: assertion.replace('/1', '/2') });
    expect(unbake(once).payload).toBe(assertion);
    expect(JSON.parse(unbake(twice).payload).id).toBe('https://w.example/a/2');
    const count = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1').split('iTXtopenbadges').length - 1;
    expect(count(twice)).toBe(1);
  });

  it('PNG: a baked badge replaces a baked OB 1.0 badge', () => {
    const out = bake(fixture('concentricsky-openbadges-bakery/baked_heart.png'), { verify: 'x', json: assertion });
    expect(unbake(out).payload).toBe(assertion);
  });

  it('SVG hosted: namespace on the root, one element right after it, JSON in CDATA even with "]]>"', () => {
    const out = bake(fixture('mozilla-openbadges-bakery/unbaked.svg'), {
      verify: 'https://w.example/a/1',
      json: assertion,
    });
    const text = new TextDecoder().decode(out);
    expect(text).toMatch(
      /<svg[^>]*xmlns:openbadges="http:\/\/openbadges.org"[^>]*><openbadges:assertion verify="https:\/\/w.example\/a\/1"><!\[CDATA\[/,
    );
    expect(text.indexOf('<svg')).toBeLessThan(256);
    const back = unbake(out);
    expect(back.verify).toBe('https://w.example/a/1');
    expect(sniffImage(out)).toBe('svg');
  });

  it('SVG signed: a self-closing element whose verify is the JWS; re-baking keeps one element', () => {
    const jws = 'eyJhbGciOiJSUzI1NiJ9.eyJpZCI6InVybjp1dWlkOjEifQ.c2ln';
    const once = bake(fixture('mozilla-openbadges-bakery/baked.svg'), { verify: jws });
    const text = new TextDecoder().decode(once);
    expect(text).toContain(`<openbadges:assertion verify="${jws}"/>`);
    expect(text.match(/<openbadges:assertion/g)).toHaveLength(1);
    expect(unbake(once).payload).toBe(jws);
  });
});

describe('image security (security guide IMG rows)', () => {
  it('IMG-01: the bytes decide the type, not the name', () => {
    expect(sniffImage(enc.encode('<html><script>alert(1)</script></html>'))).toBeNull();
    expect(reason(() => unbake(enc.encode('{"a":1}')))).toBe('unsupported_type');
    expect(sniffImage(fixture('mozilla-openbadges-bakery/unbaked.png'))).toBe('png');
    // A valid PNG with HTML in a tEXt chunk is a PNG carrying no badge, nothing more.
    expect(reason(() => unbake(png(4, 4, textChunk('tEXt', 'Comment', '<script>alert(1)</script>'))))).toBe(
      'not_baked',
    );
  });

  it('IMG-02 / IMG-04: absurd or huge dimensions are refused from the header alone', () => {
    expect(reason(() => unbake(png(0x7fffffff, 0x7fffffff)))).toBe('bad_header');
    expect(reason(() => unbake(png(30000, 30000, chunk('IDAT', new Uint8Array(64)))))).toBe('bad_header');
    expect(reason(() => unbake(concat(SIGNATURE, IEND)))).toBe('bad_header');
  });

  it('IMG-03: a compressed openbadges chunk is refused without inflating; text-chunk floods are capped', () => {
    expect(reason(() => unbake(png(4, 4, textChunk('iTXt', 'openbadges', 'x'.repeat(100), true))))).toBe('compressed');
    expect(reason(() => unbake(png(4, 4, textChunk('zTXt', 'openbadges', 'x'))))).toBe('compressed');
    const flood = Array.from({ length: 65 }, (_, i) => textChunk('tEXt', `k${i}`, 'v'));
    expect(reason(() => unbake(png(4, 4, ...flood)))).toBe('too_many_chunks');
  });

  it('IMG-05: duplicates, bad CRCs, lying lengths and truncation are refused', () => {
    const a = textChunk('iTXt', 'openbadges', '{"a":1}');
    const b = textChunk('iTXt', 'openbadges', '{"b":2}');
    expect(reason(() => unbake(png(4, 4, a, b)))).toBe('duplicate');
    expect(reason(() => unbake(png(4, 4, textChunk('tEXt', 'openbadges', 'https://x.example'), a)))).toBe('duplicate');
    expect(reason(() => unbake(png(4, 4, chunk('tEXt', enc.encode('a\0b'), true))))).toBe('bad_crc');
    const good = png(4, 4, a);
    expect(reason(() => unbake(good.subarray(0, good.length - 5)))).toBe('truncated');
    const lying = good.slice();
    new DataView(lying.buffer).setUint32(33, 0x7ffffff0);
    expect(reason(() => unbake(lying))).toBe('truncated');
    expect(reason(() => unbake(concat(SIGNATURE, png(4, 4).subarray(8, 33))))).toBe('truncated');
  });

  it('reads the legacy tEXt URL chunk (it must then pass the SSRF guard before any fetch)', () => {
    const out = unbake(png(4, 4, textChunk('tEXt', 'openbadges', 'http://169.254.169.254/')));
    expect(out).toEqual({ format: 'png', payload: 'http://169.254.169.254/', legacy: true });
  });

  it('IMG-07: DOCTYPE and ENTITY are refused before anything is read', () => {
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" xmlns:openbadges="http://openbadges.org"><openbadges:assertion verify="&xxe;"/></svg>';
    expect(reason(() => unbake(enc.encode(xxe)))).toBe('doctype');
  });

  it('IMG-08: billion laughs and reference floods end fast', () => {
    const laughs = `<!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]><svg>&lol9;</svg>`;
    let t = performance.now();
    expect(reason(() => unbake(enc.encode(laughs)))).toBe('doctype');
    expect(performance.now() - t).toBeLessThan(50);
    // 10^6 numeric references: never expanded, so reading costs one pass over 5 MB.
    const refs = enc.encode(`<svg xmlns="http://www.w3.org/2000/svg"><text>${'&#65;'.repeat(1_000_000)}</text></svg>`);
    t = performance.now();
    expect(reason(() => unbake(refs))).toBe('not_baked');
    expect(performance.now() - t).toBeLessThan(50);
    const over = enc.encode(`<svg><text>${'&#65;'.repeat(1_100_000)}</text></svg>`);
    expect(reason(() => unbake(over))).toBe('too_large');
  });

  it('IMG-10: two badge elements, or more than one root, are refused', () => {
    const two =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:openbadges="http://openbadges.org"><openbadges:assertion verify="https://a.example"/><openbadges:assertion verify="https://b.example"/></svg>';
    expect(reason(() => unbake(enc.encode(two)))).toBe('duplicate');
    const roots =
      '<svg xmlns:openbadges="http://openbadges.org"><openbadges:assertion verify="https://a.example"/></svg><svg></svg>';
    expect(reason(() => unbake(enc.encode(roots)))).toBe('malformed');
    const otherPrefix = '<svg xmlns:ob="http://openbadges.org"><ob:assertion verify="https://c.example"/></svg>';
    expect(unbake(enc.encode(otherPrefix)).payload).toBe('https://c.example');
  });

  it('IMG-11: more than 5 MB is refused, and an empty file is not an image', () => {
    const big = png(4, 4, chunk('IDAT', new Uint8Array(5 * 1024 * 1024)));
    expect(reason(() => unbake(big))).toBe('too_large');
    expect(reason(() => unbake(new Uint8Array()))).toBe('unsupported_type');
  });
});
