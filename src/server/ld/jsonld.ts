/**
 * jsonld, loaded with the first check that reads JSON-LD instead of at start-up (issue 37): most
 * requests never verify anything. The calls are typed as jsonld 9 takes them, which @types/jsonld
 * does not describe (string contexts, `base: null`, `safe`).
 */
type Obj = Record<string, unknown>;
type JsonLd = {
  compact: (doc: Obj, context: string | string[], options: object) => Promise<Obj>;
  expand: (doc: Obj, options: object) => Promise<unknown[]>;
  canonize: (doc: Obj, options: object) => Promise<string>;
};

// One load shared by every caller: with a bare import() per call, 50 verifications at once each
// started their own first import of this CommonJS module, and one of them failed (E999) in the tests.
let lib: Promise<JsonLd> | null = null;
const load = () =>
  (lib ??= import('jsonld')
    .then((m) => m.default as unknown as JsonLd)
    .catch((err: unknown) => {
      lib = null;
      throw err;
    }));

export const compact = async (doc: Obj, context: string | string[], options: object) =>
  (await load()).compact(doc, context, options);
export const expand = async (doc: Obj, options: object) => (await load()).expand(doc, options);
export const canonize = async (doc: Obj, options: object) => (await load()).canonize(doc, options);
