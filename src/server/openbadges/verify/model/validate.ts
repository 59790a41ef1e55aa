import { isHostName } from '../../host-name';
import { otherKeys } from './aliases';
import { CLASSES, type ClassName, type NodeKind, type PropRule, type ValueKind } from './classes';
import {
  isBlankNode,
  isBoolean,
  isDataUri,
  isDateTime,
  isEmail,
  isIri,
  isText,
  isTextOrNumber,
  isTypeName,
  isUrl,
} from './values';

/**
 * What is wrong with one property of one node: its `type` (missing, or not the class's), a
 * required property missing, several values where one is allowed, a value of the wrong type, or a
 * data: URI where the standard wants a URL. `depth` 0 is the node checked, deeper is embedded.
 */
export type Why = 'type' | 'missing' | 'many' | 'value' | 'data-uri';
export interface Problem {
  cls: ClassName;
  prop: string;
  why: Why;
  depth: number;
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const valuesOf = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);

const PRIMITIVE: Record<Exclude<ValueKind, 'ref' | 'object' | 'related'>, (v: unknown) => boolean> = {
  iri: isIri,
  nodeId: (v) => isIri(v) || isBlankNode(v),
  url: isUrl,
  text: isText,
  boolean: isBoolean,
  datetime: isDateTime,
  email: isEmail,
  // A registered host name, no port, scheme, path or IP address (HV-21; checkHostedOrigin agrees).
  host: isHostName,
  textOrNumber: isTextOrNumber,
};

/** Checks one value of a property; embedded nodes are checked with their own class's table. */
function checkValue(v: unknown, rule: PropRule, cls: ClassName, depth: number): Problem[] {
  const bad = (why: Why): Problem[] => [{ cls, prop: rule.prop, why, depth }];
  const kind = rule.kind;
  if (kind === 'object') return isObject(v) ? [] : bad('value');
  if (kind === 'ref') return isIri(v) || isObject(v) ? [] : bad('value');
  // Another edition of this very object: the values it gives are of this class's types (as the
  // reference validator checks a related node), what it leaves out is not missing.
  if (kind === 'related') {
    if (isIri(v)) return [];
    return isObject(v) && isIri(v['id']) ? validateNode(v, cls, depth + 1, true) : bad('value');
  }
  if (typeof kind === 'string') return PRIMITIVE[kind](v) ? [] : bad('value');
  return checkNodeValue(v, kind, rule, cls, depth);
}

function checkNodeValue(v: unknown, kind: NodeKind, rule: PropRule, cls: ClassName, depth: number): Problem[] {
  const bad = (why: Why): Problem[] => [{ cls, prop: rule.prop, why, depth }];
  if (isObject(v)) {
    const inner = validateNode(v, kind.node, depth + 1);
    // The id of an embedded image is the image: a data: URI there is as forbidden as one here.
    if (kind.dataUri === false && isDataUri(v['id'])) return [...bad('data-uri'), ...inner];
    return inner;
  }
  if (kind.iri === false) return bad('value');
  if (isDataUri(v)) return kind.dataUri ? [] : bad(kind.dataUri === false ? 'data-uri' : 'value');
  return isIri(v) ? [] : bad('value');
}

function checkType(node: Obj, cls: ClassName, depth: number, partial: boolean): Problem[] {
  const rule = CLASSES[cls].type;
  if (!rule) return [];
  const types = valuesOf(node['type']);
  const bad: Problem[] = [{ cls, prop: 'type', why: 'type', depth }];
  if (types.length === 0) return rule.required && !partial ? bad : [];
  if (!types.every(isTypeName) || (rule.single && types.length > 1)) return bad;
  return rule.oneOf && !rule.oneOf.some((t) => types.includes(t)) ? bad : [];
}

/**
 * Every problem of a node against the table of its class, embedded nodes included. A property's
 * value that compaction had to write elsewhere (see otherKeys) counts as a value of the wrong type.
 * `partial`: only the values present are checked (a related edition), nothing counts as missing.
 */
export function validateNode(node: unknown, cls: ClassName, depth = 0, partial = false): Problem[] {
  if (!isObject(node)) return [{ cls, prop: '', why: 'value', depth }];
  const problems = checkType(node, cls, depth, partial);
  for (const rule of CLASSES[cls].props) {
    const here = (why: Why) => problems.push({ cls, prop: rule.prop, why, depth });
    if (otherKeys(rule.prop).some((k) => k in node)) here('value');
    const values = valuesOf(node[rule.prop]);
    if (values.length === 0) {
      if (rule.required && !partial) here('missing');
      continue;
    }
    if (!rule.many && values.length > 1) here('many');
    for (const v of values) problems.push(...checkValue(v, rule, cls, depth));
  }
  const oneOf = CLASSES[cls].oneOf;
  // A blank node id names nothing outside the document: it is no page of criteria, say.
  if (oneOf && !partial && !oneOf.some((p) => valuesOf(node[p]).some((v) => !isBlankNode(v))))
    problems.push({ cls, prop: oneOf.join('|'), why: 'missing', depth });
  return problems;
}
