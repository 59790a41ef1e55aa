import clr20 from './bundled/clr/context-2.0.json';
import clr201 from './bundled/clr/context-2.0.1.json';
import ob300 from './bundled/ob3/context-3.0.0.json';
import ob301 from './bundled/ob3/context-3.0.1.json';
import ob302 from './bundled/ob3/context-3.0.2.json';
import ob303 from './bundled/ob3/context-3.0.3.json';
import obExtensions from './bundled/ob3/extensions.json';
import bitstring from './bundled/vc/bitstring-status-list-v1.json';
import undefinedTerms from './bundled/vc/credentials-undefined-terms-v2.json';
import vc1 from './bundled/vc/credentials-v1.json';
import vc2 from './bundled/vc/credentials-v2.json';
import di1 from './bundled/vc/data-integrity-v1.json';
import di2 from './bundled/vc/data-integrity-v2.json';
import did1 from './bundled/vc/did-v1.json';
import ed2020 from './bundled/vc/ed25519-2020-v1.json';
import multikey from './bundled/vc/multikey-v1.json';
import statusList2021 from './bundled/vc/status-list-2021-v1.json';

/**
 * The only JSON-LD contexts an Open Badges 3.0 or CLR 2.0 credential may use (DATA-04): OB 3.0.0-3.0.3
 * and its extensions, CLR 2.0 and 2.0.1 (issue 38), the VC data model 1.1 and 2.0, the Data
 * Integrity, Multikey, Ed25519-2020 and DID contexts a proof or key needs, and both status list
 * vocabularies. Addresses are kept without the
 * scheme, as in contexts.ts, because issuers write both http and https.
 */
const CONTEXTS = new Map<string, unknown>();
function add(doc: unknown, ...addresses: string[]) {
  for (const a of addresses) CONTEXTS.set(a, doc);
}
const OB = 'purl.imsglobal.org/spec/ob/v3p0';
add(ob300, `${OB}/context.json`, `${OB}/context/ob_v3p0.jsonld`, `${OB}/context-3.0.0.json`);
add(ob301, `${OB}/context-3.0.1.json`);
add(ob302, `${OB}/context-3.0.2.json`);
add(ob303, `${OB}/context-3.0.3.json`);
add(obExtensions, `${OB}/extensions.json`);
const CLR = 'purl.imsglobal.org/spec/clr/v2p0';
add(clr20, `${CLR}/context.json`);
add(clr201, `${CLR}/context-2.0.1.json`);
add(vc1, 'www.w3.org/2018/credentials/v1');
add(vc2, 'www.w3.org/ns/credentials/v2');
add(undefinedTerms, 'www.w3.org/ns/credentials/undefined-terms/v2');
add(di1, 'w3id.org/security/data-integrity/v1');
add(di2, 'w3id.org/security/data-integrity/v2');
add(multikey, 'w3id.org/security/multikey/v1');
add(ed2020, 'w3id.org/security/suites/ed25519-2020/v1');
add(did1, 'www.w3.org/ns/did/v1');
add(statusList2021, 'w3id.org/vc/status-list/2021/v1');
add(bitstring, 'www.w3.org/ns/credentials/status/v1');

/** The bundled OB 3.0 / VC context at this address, or undefined: nothing else is ever loaded. */
export function ob3BundledContext(url: string): unknown {
  const m = /^https?:\/\/(.+)$/i.exec(url.trim());
  return m?.[1] ? CONTEXTS.get(m[1]) : undefined;
}

export const VC1_CONTEXT = 'https://www.w3.org/2018/credentials/v1';
export const VC2_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const DID_CONTEXT = 'https://www.w3.org/ns/did/v1';
export const MULTIKEY_CONTEXT = 'https://w3id.org/security/multikey/v1';
