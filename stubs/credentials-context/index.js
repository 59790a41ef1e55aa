// Lanyard's stand-in for @digitalbazaar/credentials-context (see package.json for why). The context
// documents are the copies bundled for the OB 3.0 verifier, so each is in the Worker only once.
import undefinedTermsV2 from '../../src/server/ld/bundled/vc/credentials-undefined-terms-v2.json' with { type: 'json' };
import v1 from '../../src/server/ld/bundled/vc/credentials-v1.json' with { type: 'json' };
import v2 from '../../src/server/ld/bundled/vc/credentials-v2.json' with { type: 'json' };

export const contexts = new Map();
export const metadata = new Map();
export const named = new Map();

for (const [shortName, id, context] of [
  ['undefined-terms-v2', 'https://www.w3.org/ns/credentials/undefined-terms/v2', undefinedTermsV2],
  ['v1', 'https://www.w3.org/2018/credentials/v1', v1],
  ['v2', 'https://www.w3.org/ns/credentials/v2', v2],
]) {
  const meta = { id, type: 'ContextMetadata', shortName, context };
  contexts.set(id, context);
  metadata.set(id, meta);
  named.set(shortName, meta);
}
