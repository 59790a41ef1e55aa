import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bake, bakeOb3, bakeOb3Png, bakeOb3Svg, BakeError, unbake } from '../../src/server/openbadges/baking';
import { png, textChunk } from '../support/png';

// OB 3.0 baking (issue 21): PNG iTXt "openbadgecredential", SVG <openbadges:credential> in the
// https://purl.imsglobal.org/ob/v3p0 namespace; the six baked images of 1EdTech's validator.
const DIR = new URL('../fixtures/ob3/1edtech/', import.meta.url);
const file = (p: string) => new Uint8Array(readFileSync(new URL(p, DIR)));
const text = (p: string) => readFileSync(new URL(p, DIR), 'utf8').trim();
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
const NS3 = 'https://purl.imsglobal.org/ob/v3p0';
const blankSvg = enc.encode(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
);

describe('1EdTech baked images', () => {
  it.each(['simple-json.png', 'simple-json.svg'])('%s carries the simple credential as JSON', (name) => {
    const out = unbake(file(name));
    expect(out.ob3).toBe(true);
    const credential = JSON.parse(out.payload) as { type: string[]; proof?: unknown };
    expect(credential.type).toContain('OpenBadgeCredential');
    expect(credential.proof).toBeDefined();
  });

  it.each(['simple-jwt.png', 'simple-jwt.svg', 'simple-jwt_v1.png', 'simple-jwt_v1.svg'])(
    '%s carries a compact VC-JWT',
    (name) => {
      const out = unbake(file(name));
      expect(out.ob3).toBe(true);
      expect(out.payload).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(out.format).toBe(name.endsWith('.png') ? 'png' : 'svg');
    },
  );
});

describe('round trips', () => {
  const json = text('simple.json');
  const jwt = text('simple.jwt');

  it('PNG: JSON and JWT in, the same text out; re-baking leaves one chunk and drops an OB 2.0 one', () => {
    const base = png(4, 4, textChunk('iTXt', 'openbadges', '{"old":true}'));
    const once = bakeOb3Png(base, json);
    expect(unbake(once)).toEqual({ format: 'png', payload: json, ob3: true });
    const twice = bakeOb3Png(once, jwt);
    expect(unbake(twice)).toEqual({ format: 'png', payload: jwt, ob3: true });
    const latin = Buffer.from(twice).toString('latin1');
    expect(latin.split('iTXtopenbadgecredential').length - 1).toBe(1);
    expect(latin).not.toContain('iTXtopenbadges\0');
    // Baking OB 2.0 over an OB 3.0 image replaces it too: never two badges in one image.
    expect(unbake(bake(twice, { verify: 'https://a.example/1', json: '{"a":1}' })).ob3).toBeUndefined();
  });

  it('SVG: JSON in CDATA (even with "]]>"), JWT in verify; the namespace is the OB 3.0 one', () => {
    const tricky = JSON.stringify({ name: 'a ]]> b' });
    const a = bakeOb3Svg(blankSvg, tricky);
    const s = new TextDecoder().decode(a);
    expect(s).toContain(`xmlns:openbadges="${NS3}"`);
    expect(unbake(a)).toEqual({ format: 'svg', payload: tricky, ob3: true });
    const b = bakeOb3(a, jwt);
    expect(unbake(b)).toEqual({ format: 'svg', payload: jwt, verify: jwt, ob3: true });
    expect(new TextDecoder().decode(b).match(/<openbadges:credential/g)).toHaveLength(1);
  });

  it('SVG: an OB 2.0 baked image rebaked for 3.0 keeps one badge, with the prefix rebound', () => {
    const ob2 = bake(blankSvg, { verify: 'https://a.example/1', json: '{"a":1}' });
    const ob3 = bakeOb3Svg(ob2, json);
    const s = new TextDecoder().decode(ob3);
    expect(s).not.toContain('openbadges:assertion');
    expect(s).not.toContain('http://openbadges.org');
    expect(unbake(ob3).ob3).toBe(true);
    const back = bake(ob3, { verify: 'https://a.example/2', json: '{"b":2}' });
    expect(unbake(back)).toMatchObject({ payload: 'https://a.example/2' });
    expect(new TextDecoder().decode(back)).not.toContain('openbadges:credential');
  });

  it('re-baking the 1EdTech images gives back their credential', () => {
    for (const name of ['simple-json.png', 'simple-jwt.svg', 'simple-json.svg']) {
      const payload = unbake(file(name)).payload;
      expect(unbake(bakeOb3(file(name), payload)).payload).toBe(payload);
    }
  });
});

describe('image security for OB 3.0 baking (IMG rows)', () => {
  it('IMG-03: a compressed openbadgecredential chunk or a zTXt one is refused without inflating', () => {
    expect(reason(() => unbake(png(4, 4, textChunk('iTXt', 'openbadgecredential', 'x'.repeat(99), true))))).toBe(
      'compressed',
    );
    expect(reason(() => unbake(png(4, 4, textChunk('zTXt', 'openbadgecredential', 'x'))))).toBe('compressed');
    // OB 3.0 allows only iTXt: a tEXt under its keyword is not read as a legacy URL.
    expect(reason(() => unbake(png(4, 4, textChunk('tEXt', 'openbadgecredential', 'http://169.254.169.254/'))))).toBe(
      'malformed',
    );
  });

  it('IMG-05: two credential chunks, or an OB 2.0 and an OB 3.0 one together, are refused', () => {
    const a = textChunk('iTXt', 'openbadgecredential', '{"a":1}');
    const b = textChunk('iTXt', 'openbadgecredential', '{"b":2}');
    expect(reason(() => unbake(png(4, 4, a, b)))).toBe('duplicate');
    expect(reason(() => unbake(png(4, 4, a, textChunk('iTXt', 'openbadges', '{"c":3}'))))).toBe('duplicate');
  });

  it('IMG-07: only the plain W3C SVG DTD is allowed; an internal subset, another DTD or an ENTITY is not', () => {
    const dtd = '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">';
    const body = `<svg xmlns:openbadges="${NS3}"><openbadges:credential verify="a.b.c"/></svg>`;
    expect(unbake(enc.encode(`<?xml version="1.0"?>${dtd}${body}`)).payload).toBe('a.b.c');
    const xxe = `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns:openbadges="${NS3}"><openbadges:credential verify="&x;"/></svg>`;
    expect(reason(() => unbake(enc.encode(xxe)))).toBe('doctype');
    const other = `<!DOCTYPE svg SYSTEM "http://169.254.169.254/x.dtd">${body}`;
    expect(reason(() => unbake(enc.encode(other)))).toBe('doctype');
    // Two DOCTYPEs are not even an SVG prolog: refused before reading, either way.
    expect(['doctype', 'unsupported_type']).toContain(reason(() => unbake(enc.encode(`${dtd}${dtd}${body}`))));
    const inside = `${dtd}<svg xmlns:openbadges="${NS3}"><!ENTITY y "z"><openbadges:credential verify="a.b.c"/></svg>`;
    expect(reason(() => unbake(enc.encode(inside)))).toBe('doctype');
  });

  it('IMG-10: two credential elements, or an assertion plus a credential, are refused', () => {
    const two = `<svg xmlns:openbadges="${NS3}"><openbadges:credential verify="a.b.c"/><openbadges:credential verify="d.e.f"/></svg>`;
    expect(reason(() => unbake(enc.encode(two)))).toBe('duplicate');
    const both = `<svg xmlns:ob="http://openbadges.org" xmlns:ob3="${NS3}"><ob:assertion verify="https://a.example"/><ob3:credential verify="a.b.c"/></svg>`;
    expect(reason(() => unbake(enc.encode(both)))).toBe('duplicate');
    const prefixed = `<svg xmlns:v3="${NS3}"><v3:credential verify="x.y.z"/></svg>`;
    expect(unbake(enc.encode(prefixed))).toMatchObject({ payload: 'x.y.z', ob3: true });
  });

  it('IMG-11: a credential over the payload cap is refused both ways', () => {
    const big = 'x'.repeat(1024 * 1024 + 1);
    expect(reason(() => bakeOb3Png(png(4, 4), big))).toBe('too_large');
    const svg = enc.encode(
      `<svg xmlns:openbadges="${NS3}"><openbadges:credential><![CDATA[${big}]]></openbadges:credential></svg>`,
    );
    expect(reason(() => unbake(svg))).toBe('too_large');
  });
});
