import { Validator, type Schema } from '@cfworker/json-schema';
import achievementCredential from './achievementcredential.min.json';
import endorsementCredential from './endorsementcredential.min.json';
import { violationLines } from './violations';

type Obj = Record<string, unknown>;

const BASE = 'https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_';

/**
 * The bundled 1EdTech OB 3.0 credential schemas (see SOURCE.md), under both ids they go by: the
 * `$id` (`…-jsonschema1.json`) and the one credentials name in `credentialSchema` (`…_schema.json`).
 */
const SCHEMAS = new Map<string, Schema>();
for (const [name, schema] of [
  ['achievementcredential', achievementCredential],
  ['endorsementcredential', endorsementCredential],
] as const) {
  SCHEMAS.set(`${BASE}${name}_schema.json`, schema as Schema);
  SCHEMAS.set(`${BASE}${name}-jsonschema1.json`, schema as Schema);
}
const ACHIEVEMENT = `${BASE}achievementcredential_schema.json`;
const ENDORSEMENT = `${BASE}endorsementcredential_schema.json`;

/** Validators are built on first use and kept: they hold no request data. */
const validators = new Map<Schema, Validator>();
function validatorFor(schema: Schema): Validator {
  let v = validators.get(schema);
  if (!v) validators.set(schema, (v = new Validator(schema, '2019-09', false)));
  return v;
}

/** `checked`: schema ids applied; `notChecked`: schema URLs named but not bundled (never fetched). */
export interface Ob3SchemaReport {
  checked: string[];
  notChecked: string[];
}
export type Ob3SchemaResult =
  ({ ok: true } & Ob3SchemaReport) | ({ ok: false; violations: string[] } & Ob3SchemaReport);

const types = (c: Obj) => (Array.isArray(c['type']) ? c['type'] : [c['type']]);

/** The schema an OB 3.0 credential must match by its type, whatever it declares. */
function schemaByType(c: Obj): string | undefined {
  const t = types(c);
  if (t.includes('EndorsementCredential')) return ENDORSEMENT;
  if (t.includes('OpenBadgeCredential') || t.includes('AchievementCredential')) return ACHIEVEMENT;
  return undefined;
}

/**
 * Checks an OB 3.0 credential against the 1EdTech JSON Schema of its type and against each
 * `credentialSchema` it names that is bundled here; other schema URLs are listed as not checked,
 * for the caller to report (plan: E980 unverifiable), and never fetched.
 */
export function checkOb3Schema(credential: unknown): Ob3SchemaResult {
  if (typeof credential !== 'object' || credential === null || Array.isArray(credential)) {
    return { ok: false, violations: ['/: the credential is not a JSON object'], checked: [], notChecked: [] };
  }
  const c = credential as Obj;
  const ids = new Set<string>();
  const notChecked: string[] = [];
  const own = schemaByType(c);
  if (own) ids.add(own);
  const declared = c['credentialSchema'];
  for (const entry of Array.isArray(declared) ? declared : declared === undefined ? [] : [declared]) {
    const id = typeof entry === 'object' && entry !== null ? (entry as Obj)['id'] : undefined;
    if (typeof id !== 'string') notChecked.push('(an entry without an id)');
    else if (SCHEMAS.has(id)) ids.add(id);
    else notChecked.push(id);
  }
  const violations: string[] = [];
  if (!own) violations.push('/type: neither OpenBadgeCredential, AchievementCredential nor EndorsementCredential');
  const seen = new Set<Schema>();
  for (const id of ids) {
    const schema = SCHEMAS.get(id) as Schema;
    if (seen.has(schema)) continue;
    seen.add(schema);
    violations.push(...violationLines(validatorFor(schema).validate(c).errors));
  }
  const report = { checked: [...ids], notChecked };
  return violations.length ? { ok: false, violations: [...new Set(violations)], ...report } : { ok: true, ...report };
}

/** The OB 3.0 classes a CLR 2.0 record reuses (issue 38), checked one value at a time. */
export type Ob3Class = 'Achievement' | 'Profile';

const classValidators = new Map<Ob3Class, Validator>();

/**
 * One value against its class's definition in the bundled achievement credential schema (its
 * `$defs`), for a CLR's achievements: the CLR data model takes these classes from OB 3.0 unchanged.
 * Built on first use and kept, as the credential validators are. Returns the violations, if any.
 */
export function checkOb3Class(name: Ob3Class, value: unknown): string[] {
  let v = classValidators.get(name);
  if (!v) {
    const id = (achievementCredential as { $id: string }).$id;
    v = new Validator(
      { $schema: 'https://json-schema.org/draft/2019-09/schema', $ref: `${id}#/$defs/${name}` },
      '2019-09',
      false,
    );
    v.addSchema(achievementCredential as Schema);
    classValidators.set(name, v);
  }
  return violationLines(v.validate(value).errors);
}
