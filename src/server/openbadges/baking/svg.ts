import { BakeError, LIMITS, type Unbaked } from './errors';

const NS = 'http://openbadges.org';
/** OB 3.0 bakes `<openbadges:credential>` in its own namespace. */
const NS3 = 'https://purl.imsglobal.org/ob/v3p0';
/**
 * The one DOCTYPE allowed: the W3C SVG 1.0/1.1 public DTD with no internal subset (1EdTech's OB 3.0
 * fixtures and many editors write it). It declares no entity and is never fetched, as nothing here
 * resolves DTDs; any other DOCTYPE, an internal subset or an ENTITY is still refused (IMG-07).
 */
const SVG_DTD =
  /<!DOCTYPE\s+svg\s+PUBLIC\s+"-\/\/W3C\/\/DTD SVG 1\.[01]\/\/EN"\s+"http:\/\/www\.w3\.org\/Graphics\/SVG\/1\.[01]\/DTD\/svg1[01]\.dtd"\s*>/;
const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Leading material an SVG may have before its root: BOM, XML declaration, comments, and a DOCTYPE
 * (recognised here only so that such a file is identified as SVG and then refused for it).
 */
const PROLOG =
  /^(?:\uFEFF)?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE[^[>]*(?:\[[\s\S]*?\])?\s*>\s*)?/i;

export function isSvgText(head: string): boolean {
  const rest = head.replace(PROLOG, '');
  return /^<svg[\s>/]/.test(rest);
}

/**
 * Decodes and checks an SVG before any reading: size cap, UTF-8, no DOCTYPE or ENTITY (no entity
 * can be expanded, so no XXE or billion laughs), and exactly one root `<svg>` element.
 */
function readSvg(bytes: Uint8Array): string {
  if (bytes.length > LIMITS.maxBytes) throw new BakeError('too_large');
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw new BakeError('malformed');
  }
  if (/<!DOCTYPE|<!ENTITY/i.test(text.replace(SVG_DTD, ''))) throw new BakeError('doctype');
  if (!isSvgText(text.slice(0, 4096))) throw new BakeError('unsupported_type');
  const body = withoutTrailingComments(text.replace(PROLOG, ''));
  if (!body.endsWith('</svg>') || body.indexOf('</svg>') !== body.length - 6) throw new BakeError('malformed');
  return text;
}

/** Drops comments and blanks after the root; scans from the end, so it is linear on large files. */
function withoutTrailingComments(text: string): string {
  let out = text.trimEnd();
  while (out.endsWith('-->')) {
    const open = out.lastIndexOf('<!--');
    if (open < 0) break;
    out = out.slice(0, open).trimEnd();
  }
  return out;
}

/** The prefix bound to an Open Badges namespace on the root element ("openbadges" when ours). */
function badgePrefix(svg: string, ns = NS): string | null {
  const root = /<svg[^>]*>/.exec(svg)?.[0] ?? '';
  const m = new RegExp(`xmlns:([A-Za-z_][\\w.-]*)\\s*=\\s*["']${ns.replace(/[./]/g, '\\$&')}/?["']`).exec(root);
  return m?.[1] ?? null;
}

const unescapeAttr = (v: string) =>
  v
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Every start tag of `<prefix:name>` in the file. */
const startTags = (svg: string, prefix: string, name: string) =>
  [...svg.matchAll(new RegExp(`<${prefix}:${name}(\\s[^>]*?)?(/?)>`, 'g'))].map((m) => ({ m, prefix, name }));

/**
 * Reads the one badge element: OB 2.0 `<prefix:assertion>` or OB 3.0 `<prefix:credential>` (each in
 * its own namespace; exactly one in the whole file, IMG-10). The verify attribute (a URL or a compact
 * JWS) wins over the JSON in CDATA when both exist (spec and fixtures).
 */
export function unbakeSvg(bytes: Uint8Array): Unbaked {
  const svg = readSvg(bytes);
  const found = [
    ...startTags(svg, badgePrefix(svg) ?? 'openbadges', 'assertion'),
    ...startTags(svg, badgePrefix(svg, NS3) ?? 'openbadges', 'credential'),
  ];
  if (found.length === 0) throw new BakeError('not_baked');
  if (found.length > 1) throw new BakeError('duplicate');
  const [{ m, prefix, name }] = found as [(typeof found)[number]];
  const verify = /\sverify\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(m[1] ?? '');
  const verifyValue = verify ? unescapeAttr(verify[1] ?? verify[2] ?? '').trim() : undefined;
  let embedded = '';
  if (m[2] !== '/') {
    const start = (m.index ?? 0) + m[0].length;
    const close = svg.indexOf(`</${prefix}:${name}>`, start);
    if (close < 0) throw new BakeError('malformed');
    const inner = svg.slice(start, close);
    embedded = [...inner.matchAll(/<!\[CDATA\[([\s\S]*?)\]\]>/g)]
      .map((c) => c[1])
      .join('')
      .trim();
  }
  if (embedded.length > LIMITS.maxPayloadBytes) throw new BakeError('too_large');
  const payload = verifyValue || embedded;
  if (!payload) throw new BakeError('not_baked');
  return {
    format: 'svg',
    payload,
    ...(verifyValue ? { verify: verifyValue } : {}),
    ...(name === 'credential' ? { ob3: true } : {}),
  };
}

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Removes earlier badge elements of one kind so a re-bake leaves exactly one. */
function stripElements(svg: string, prefix: string, name: string): string {
  return svg
    .replace(new RegExp(`<${prefix}:${name}\\b[^>]*/>`, 'g'), '')
    .replace(new RegExp(`<${prefix}:${name}\\b[^>]*>[\\s\\S]*?</${prefix}:${name}>`, 'g'), '');
}

/** Drops earlier badges of both versions and declares `openbadges` for `ns` on the root. */
function prepare(bytes: Uint8Array, ns: string): { svg: string; root: RegExpExecArray; start: string } {
  let svg = readSvg(bytes);
  const ob2 = badgePrefix(svg);
  const ob3 = badgePrefix(svg, NS3);
  if (ob2) svg = stripElements(svg, ob2, 'assertion');
  if (ob3) svg = stripElements(svg, ob3, 'credential');
  const root = /<svg[^>]*>/.exec(svg);
  if (!root) throw new BakeError('malformed');
  let start = root[0];
  // The prefix "openbadges" must name `ns`: rebind it when it named the other version's namespace.
  const bound = /\sxmlns:openbadges\s*=\s*(["'])[^"']*\1/;
  if (badgePrefix(svg, ns) !== 'openbadges') {
    start = start.replace(bound, '');
    const selfClosing = start.endsWith('/>');
    start = `${start.slice(0, selfClosing ? -2 : -1)} xmlns:openbadges="${ns}"${selfClosing ? '/>' : '>'}`;
  }
  return { svg, root, start };
}

/** "]]>" cannot appear inside CDATA: split it across two sections. */
const cdata = (text: string) => `<![CDATA[${text.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

function place(p: ReturnType<typeof prepare>, element: string): Uint8Array<ArrayBuffer> {
  const at = p.root.index;
  const out = `${p.svg.slice(0, at)}${p.start}${element}${p.svg.slice(at + p.root[0].length)}`;
  return new TextEncoder().encode(out);
}

/**
 * Bakes a badge into an SVG the way readers in the wild expect: the namespace declared on the root,
 * then one `<openbadges:assertion verify="…">` right after the root's start tag. A hosted badge puts
 * its assertion JSON in CDATA with `verify` = its URL; a signed badge is self-closing with
 * `verify` = the compact JWS.
 */
export function bakeSvg(bytes: Uint8Array, badge: { verify: string; json?: string }): Uint8Array<ArrayBuffer> {
  const p = prepare(bytes, NS);
  const verify = escapeAttr(badge.verify);
  const element = badge.json
    ? `<openbadges:assertion verify="${verify}">${cdata(badge.json)}</openbadges:assertion>`
    : `<openbadges:assertion verify="${verify}"/>`;
  return place(p, element);
}

/**
 * OB 3.0: one `<openbadges:credential>` (namespace https://purl.imsglobal.org/ob/v3p0) right after
 * the root's start tag; JSON goes in CDATA, a compact VC-JWT in the `verify` attribute.
 */
export function bakeOb3Svg(bytes: Uint8Array, payload: string): Uint8Array<ArrayBuffer> {
  const p = prepare(bytes, NS3);
  const text = payload.trim();
  const element = text.startsWith('{')
    ? `<openbadges:credential>${cdata(text)}</openbadges:credential>`
    : `<openbadges:credential verify="${escapeAttr(text)}"/>`;
  return place(p, element);
}
