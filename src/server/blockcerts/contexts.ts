import credentialsV1 from './contexts/credentials-v1.json';
import credentialsV2 from './contexts/credentials-v2.json';
import v2 from './contexts/blockcerts-v2.json';
import v21 from './contexts/blockcerts-v2.1.json';
import v3 from './contexts/blockcerts-v3.json';
import v31 from './contexts/blockcerts-v3.1.json';
import v32 from './contexts/blockcerts-v3.2.json';
import merkle2019 from './contexts/merkle-proof-2019.json';
import dataIntegrity from './contexts/data-integrity-v2.json';
import { bundledContext } from '../ld/contexts';

/**
 * The JSON-LD contexts a Blockcerts credential is hashed with, copied from @blockcerts/schemas
 * 3.10.0 (MIT) and known under every address its preloadedContexts.mjs registers, so hashing never
 * goes to the network (DATA-04). Keys are compared without the scheme, as for the Open Badges ones.
 */
const CONTEXTS = new Map<string, unknown>();
function addVersion(doc: unknown, version: string, canonical: string) {
  CONTEXTS.set(`w3id.org/blockcerts/${canonical}`, doc);
  CONTEXTS.set(`w3id.org/blockcerts/schema/${version}/context.json`, doc);
  CONTEXTS.set(`www.blockcerts.org/schema/${version}/context.json`, doc);
}
addVersion(v2, '2.0', 'v2');
addVersion(v21, '2.1', 'v2.1');
addVersion(v3, '3.0', 'v3');
addVersion(v31, '3.1', 'v3.1');
addVersion(v32, '3.2', 'v3.2');
CONTEXTS.set('www.w3.org/2018/credentials/v1', credentialsV1);
CONTEXTS.set('www.w3.org/ns/credentials/v2', credentialsV2);
CONTEXTS.set('w3id.org/security/suites/merkle-2019/v1', merkle2019);
CONTEXTS.set('w3id.org/security/data-integrity/v2', dataIntegrity);

/** The bundled Blockcerts, VC or Open Badges context at this address, or undefined. */
export function blockcertsContext(url: string): unknown {
  const m = /^https?:\/\/(.+)$/i.exec(url.trim());
  return (m?.[1] ? CONTEXTS.get(m[1]) : undefined) ?? bundledContext(url);
}

export const VC_V1 = 'https://www.w3.org/2018/credentials/v1';
export const BLOCKCERTS_V3 = 'https://w3id.org/blockcerts/v3';
