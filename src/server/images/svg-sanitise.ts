import { DOMParser, type Element, type Node, onErrorStopParsing, ParseError } from '@xmldom/xmldom';
import { IMAGE_LIMITS as LIMITS } from '../../lib/limits';
import { ATTRIBUTES, ELEMENTS, SVG_NS, TEXT_ATTRIBUTES, XLINK_NS, XML_ATTRIBUTES, XML_NS } from './svg-allow';
import { isSafeCss } from './svg-css';

// Deeper than any drawing needs; it bounds the walk below, which recurses.
const MAX_DEPTH = 128;
// Far above a badge (a detailed one has a few thousand elements), far below what costs seconds of
// CPU to parse: xmldom takes about a second for 100,000 elements, and 10^6 `&#65;` fit in 5 MB (IMG-08).
const MAX_TAGS = 40_000;
const MAX_REFERENCES = 10_000;
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;

const escapeText = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
// '>' is escaped too: the baker finds the root start tag with a pattern that stops at the first '>'.
const escapeAttr = (v: string) => escapeText(v).replace(/"/g, '&quot;');

class TooDeep extends Error {}

/** How often a character occurs, counting no further than `max + 1`. */
function countUpTo(text: string, char: string, max: number): number {
  let n = 0;
  for (let at = text.indexOf(char); at >= 0 && n <= max; at = text.indexOf(char, at + 1)) n++;
  return n;
}

interface Out {
  xlink: boolean;
}

/** The attributes of one element that pass the allow-list, serialised, or '' when none do. */
function attributes(el: Element, out: Out): string {
  let text = '';
  for (const a of Array.from(el.attributes)) {
    const name = a.localName ?? a.name;
    const value = a.value;
    if (name === 'href' && (!a.namespaceURI || a.namespaceURI === XLINK_NS)) {
      // Only a reference inside this image: no javascript:, data:, http: or any other scheme.
      if (!value.trim().startsWith('#')) continue;
      if (a.namespaceURI === XLINK_NS) out.xlink = true;
      text += ` ${a.namespaceURI ? 'xlink:' : ''}href="${escapeAttr(value.trim())}"`;
    } else if (a.namespaceURI === XML_NS && XML_ATTRIBUTES.has(name)) {
      text += ` xml:${name}="${escapeAttr(value)}"`;
    } else if (!a.namespaceURI && ATTRIBUTES.has(name)) {
      if (TEXT_ATTRIBUTES.has(name) || isSafeCss(value)) text += ` ${name}="${escapeAttr(value)}"`;
    }
  }
  return text;
}

/** Serialises an allowed element and what it holds; anything else is dropped with its content. */
function element(el: Element, depth: number, out: Out): string {
  if (depth > MAX_DEPTH) throw new TooDeep();
  const name = el.localName ?? '';
  if (el.namespaceURI !== SVG_NS || !ELEMENTS.has(name)) return '';
  let inner = '';
  for (const child of Array.from(el.childNodes) as Node[]) {
    if (child.nodeType === ELEMENT_NODE) inner += element(child as Element, depth + 1, out);
    else if (child.nodeType === TEXT_NODE || child.nodeType === CDATA_SECTION_NODE)
      inner += escapeText(child.nodeValue ?? '');
    // Comments and processing instructions are dropped: they draw nothing.
  }
  if (name === 'style' && !isSafeCss(inner)) return '';
  const attrs = attributes(el, out);
  // The root always gets a closing tag: the baker puts the assertion after its start tag.
  return inner || depth === 0 ? `<${name}${attrs}>${inner}</${name}>` : `<${name}${attrs}/>`;
}

/**
 * Rebuilds an issuer's SVG from what it is allowed to hold (IMG-09, IMG-20): parsed as XML by a
 * real parser, every element and attribute checked against an allow-list by namespace URI, and
 * written out afresh, so nothing the allow-list does not name can reach a browser or survive
 * baking. Returns null when the bytes are not a well-formed SVG. DOCTYPE and ENTITY are refused
 * before parsing (IMG-07, IMG-08), so no entity is ever expanded, and so are files with more tags
 * or character references than a badge needs, so parsing stays cheap.
 */
export function sanitiseSvg(bytes: Uint8Array): Uint8Array<ArrayBuffer> | null {
  if (bytes.byteLength > LIMITS.maxBytes) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return null;
  if (countUpTo(text, '<', MAX_TAGS) > MAX_TAGS || countUpTo(text, '&', MAX_REFERENCES) > MAX_REFERENCES) return null;
  try {
    const doc = new DOMParser({ onError: onErrorStopParsing }).parseFromString(text, 'image/svg+xml');
    const root = doc.documentElement;
    if (!root || root.namespaceURI !== SVG_NS || root.localName !== 'svg') return null;
    const out: Out = { xlink: false };
    const body = element(root, 0, out);
    const ns = ` xmlns="${SVG_NS}"${out.xlink ? ` xmlns:xlink="${XLINK_NS}"` : ''}`;
    return new TextEncoder().encode(`<svg${ns}${body.slice('<svg'.length)}`);
  } catch (e) {
    // A ParseError (not well-formed, two roots, an unknown entity) or nesting past MAX_DEPTH.
    if (e instanceof TooDeep || e instanceof ParseError) return null;
    throw e;
  }
}
