import { Validator, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import { compact } from '../../../ld/jsonld';
import { bundledContext, OB2_CONTEXT } from '../../../ld/contexts';
import { extensionContextUrl, OB2_EXTENSIONS } from '../../../ld/extensions';

type Obj = Record<string, unknown>;

interface ExtensionType {
  context: string;
  validator: Validator;
}

/** Draft 6 adds nothing these schemas use that draft 7 reads differently. */
const draftOf = (schema: Obj): SchemaDraft => (/draft-04/.test(String(schema['$schema'])) ? '4' : '7');

let types: Map<string, ExtensionType> | null = null;

/**
 * Each extension type a bundled context declares a TypeValidation for ("obi:validation":
 * validatesType -> validationSchema), with the validator of its bundled schema. The type is
 * matched as it reads compacted into the OB v2 context, as the specification asks. Built, and the
 * schemas compiled, on first use (no work at import time).
 */
function extensionTypes(): Map<string, ExtensionType> {
  types ??= new Map<string, ExtensionType>(
    Object.entries(OB2_EXTENSIONS).flatMap(([name, { schema }]) => {
      const context = extensionContextUrl(name);
      const doc = bundledContext(context) as Obj | undefined;
      const rules = (doc?.['obi:validation'] ?? []) as Obj[];
      const validator = new Validator(schema as Schema, draftOf(schema as Obj));
      return rules.map((r) => [String(r['obi:validatesType']), { context, validator }] as const);
    }),
  );
  return types;
}

async function documentLoader(url: string) {
  const document = bundledContext(url);
  if (document === undefined) throw new Error(`context not bundled: ${url}`);
  return { contextUrl: null, documentUrl: url, document };
}

/** The nodes of a compacted document, the document itself included, walked without recursion. */
function nodesOf(doc: Obj): Obj[] {
  const out: Obj[] = [];
  const stack: unknown[] = [doc];
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v)) stack.push(...(v as unknown[]));
    else if (v && typeof v === 'object') {
      out.push(v as Obj);
      stack.push(...Object.values(v));
    }
  }
  return out;
}

/** What the extensions of a document come to: all match, one does not (E988), or one was not judged (W004). */
export type ExtensionsVerdict = 'valid' | 'invalid' | 'unchecked';

/**
 * Whether every extension node of a document (compacted into the OB v2 context) matches the
 * schema of its type: the node is read again in the context it was written in (the OB v2 context
 * with its extension's on top, as a nested `@context` adds to the outer one), so its properties carry
 * the names the schema uses, then validated. A node that cannot be read in its context does not
 * match. A node typed Extension of no type with a bundled schema cannot be checked: 'unchecked',
 * unless another one does not match.
 */
export async function extensionsVerdict(doc: Obj): Promise<ExtensionsVerdict> {
  let unchecked = false;
  for (const node of nodesOf(doc)) {
    const types = (Array.isArray(node['type']) ? node['type'] : [node['type']]).filter((t) => typeof t === 'string');
    const known = types.flatMap((t) => extensionTypes().get(t) ?? []);
    if (known.length === 0 && types.includes('Extension')) unchecked = true;
    for (const ext of known) {
      let own: Obj;
      try {
        own = await compact({ ...node, '@context': OB2_CONTEXT }, [OB2_CONTEXT, ext.context], {
          documentLoader,
          base: null,
        });
      } catch {
        return 'invalid';
      }
      delete own['@context'];
      if (!ext.validator.validate(own).valid) return 'invalid';
    }
  }
  return unchecked ? 'unchecked' : 'valid';
}
