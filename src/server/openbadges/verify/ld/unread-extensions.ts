import v2 from '../../../ld/bundled/openbadges-v2-context.json';
import { bundledContext } from '../../../ld/contexts';

type Obj = Record<string, unknown>;

/** The terms of the OB v2 context: a node under one of these is part of the badge, never an extension. */
let terms: Set<string> | null = null;
const isTerm = (key: string) => (terms ??= new Set(Object.keys(v2['@context']))).has(key);
const EXTENSION = new Set(['Extension', 'obi:Extension', 'https://w3id.org/openbadges#Extension']);
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const listOf = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** Documents (as read) that had an extension left out, for checkExtensions to say so (W004). */
const LEFT_OUT = new WeakSet<Obj>();

/**
 * An extension this verifier cannot read: a node typed Extension, under a property that is not an
 * Open Badges term (the specification's `extensions:<Name>`, or an IRI of the extension's own),
 * whose `@context` names a context not bundled here. Nothing is ever fetched (DATA-04), so its
 * terms cannot be known; 1EdTech's validator would fetch them.
 */
function unreadable(key: string, v: unknown): boolean {
  // Never one under "__proto__": writing what is kept back there would set a prototype (DATA-02).
  if (!isObj(v) || key.startsWith('@') || key === '__proto__' || isTerm(key)) return false;
  const unknown = listOf(v['@context']).some((c) => typeof c === 'string' && bundledContext(c) === undefined);
  return unknown && listOf(v['type'] ?? v['@type']).some((t) => typeof t === 'string' && EXTENSION.has(t));
}

/**
 * Walks a document (not into its contexts) for unreadable extensions; with `remove`, takes them
 * out where they are. Whether there was one.
 */
function walk(doc: Obj, remove: boolean): boolean {
  let found = false;
  const stack: Obj[] = [doc];
  while (stack.length) {
    const node = stack.pop() as Obj;
    for (const [k, v] of Object.entries(node)) {
      if (k === '@context') continue;
      const values = listOf(v);
      const kept = values.filter((x) => !unreadable(k, x));
      if (kept.length < values.length) {
        found = true;
        if (!remove) return true;
        if (kept.length === 0) Reflect.deleteProperty(node, k);
        else node[k] = Array.isArray(v) ? kept : kept[0];
      }
      for (const x of kept) if (isObj(x)) stack.push(x);
    }
  }
  return found;
}

/**
 * The document without its unreadable extensions, or null when it has none. Only they are left
 * out: an unknown context anywhere else (the document's own, or on a node under an Open Badges
 * term such as the recipient or evidence) still makes the document unreadable, as it did.
 */
export function withoutUnreadableExtensions(doc: Obj): Obj | null {
  if (!walk(doc, false)) return null;
  const copy = structuredClone(doc);
  walk(copy, true);
  return copy;
}

/** Marks a document as read without some of its extensions. */
export function markLeftOut(doc: Obj): void {
  LEFT_OUT.add(doc);
}

/** Whether an extension of this document (as read) was left out because it could not be read. */
export const hadUnreadableExtensions = (doc: Obj): boolean => LEFT_OUT.has(doc);
