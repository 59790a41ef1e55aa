import { BakeError, LIMITS, type Unbaked } from './errors';

const NS = 'http://openbadges.org';
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
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new BakeError('doctype');
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

/** The prefix bound to the Open Badges namespace on the root element ("openbadges" when ours). */
function badgePrefix(svg: string): string | null {
  const root = /<svg[^>]*>/.exec(svg)?.[0] ?? '';
  const m = new RegExp(`xmlns:([A-Za-z_][\\w.-]*)\\s*=\\s*["']${NS.replace(/\./g, '\\.')}/?["']`).exec(root);
  return m?.[1] ?? null;
}

const unescapeAttr = (v: string) =>
  v
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * Reads the one `<prefix:assertion>` element: its verify attribute (a URL or a compact JWS) and the
 * JSON in its CDATA. When both exist the verify attribute locates the badge (spec and fixtures).
 */
export function unbakeSvg(bytes: Uint8Array): Unbaked {
  const svg = readSvg(bytes);
  const prefix = badgePrefix(svg) ?? 'openbadges';
  const open = new RegExp(`<${prefix}:assertion(\\s[^>]*?)?(/?)>`, 'g');
  const matches = [...svg.matchAll(open)];
  if (matches.length === 0) throw new BakeError('not_baked');
  if (matches.length > 1) throw new BakeError('duplicate');
  const [m] = matches as [RegExpExecArray];
  const verify = /\sverify\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(m[1] ?? '');
  const verifyValue = verify ? unescapeAttr(verify[1] ?? verify[2] ?? '').trim() : undefined;
  let embedded = '';
  if (m[2] !== '/') {
    const start = (m.index ?? 0) + m[0].length;
    const close = svg.indexOf(`</${prefix}:assertion>`, start);
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
  return { format: 'svg', payload, ...(verifyValue ? { verify: verifyValue } : {}) };
}

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Removes earlier badge elements so a re-bake leaves exactly one. */
function stripAssertions(svg: string, prefix: string): string {
  return svg
    .replace(new RegExp(`<${prefix}:assertion\\b[^>]*/>`, 'g'), '')
    .replace(new RegExp(`<${prefix}:assertion\\b[^>]*>[\\s\\S]*?</${prefix}:assertion>`, 'g'), '');
}

/**
 * Bakes a badge into an SVG the way readers in the wild expect: the namespace declared on the root,
 * then one `<openbadges:assertion verify="…">` right after the root's start tag. A hosted badge puts
 * its assertion JSON in CDATA with `verify` = its URL; a signed badge is self-closing with
 * `verify` = the compact JWS.
 */
export function bakeSvg(bytes: Uint8Array, badge: { verify: string; json?: string }): Uint8Array<ArrayBuffer> {
  let svg = readSvg(bytes);
  const existing = badgePrefix(svg);
  if (existing) svg = stripAssertions(svg, existing);
  const rootMatch = /<svg[^>]*>/.exec(svg);
  if (!rootMatch) throw new BakeError('malformed');
  let root = rootMatch[0];
  if (existing !== 'openbadges') {
    const selfClosing = root.endsWith('/>');
    root = `${root.slice(0, selfClosing ? -2 : -1)} xmlns:openbadges="${NS}"${selfClosing ? '/>' : '>'}`;
  }
  const verify = escapeAttr(badge.verify);
  // "]]>" cannot appear inside CDATA: split it across two sections.
  const element = badge.json
    ? `<openbadges:assertion verify="${verify}"><![CDATA[${badge.json.replace(/]]>/g, ']]]]><![CDATA[>')}]]></openbadges:assertion>`
    : `<openbadges:assertion verify="${verify}"/>`;
  const at = rootMatch.index;
  const out = `${svg.slice(0, at)}${root}${element}${svg.slice(at + rootMatch[0].length)}`;
  return new TextEncoder().encode(out);
}
