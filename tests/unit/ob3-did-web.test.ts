import { describe, expect, it } from 'vitest';
import { controllerDocument, didWebUrl, methodIn } from '../../src/server/ob3/did/web';

// Issue 21: did:web → the URL of its DID document, and the key it lists (did:web method spec §3.2).
const origins = { own: 'http://127.0.0.1:8787', httpHosts: new Set(['127.0.0.1:9999']) };

describe('didWebUrl', () => {
  it('maps host, port and path; a bare host reads .well-known', () => {
    expect(didWebUrl('did:web:issuer.example', origins)).toBe('https://issuer.example/.well-known/did.json');
    expect(didWebUrl('did:web:issuer.example:api:v1.0:issuers:7', origins)).toBe(
      'https://issuer.example/api/v1.0/issuers/7/did.json',
    );
    expect(didWebUrl('did:web:issuer.example%3A8443:a', origins)).toBe('https://issuer.example:8443/a/did.json');
  });

  it("Lanyard's own host goes to its own origin (http in dev); test hosts over http; others https only", () => {
    expect(didWebUrl('did:web:127.0.0.1%3A8787:api:v1.0:openBadge:v3:issuers:x', origins)).toBe(
      'http://127.0.0.1:8787/api/v1.0/openBadge/v3/issuers/x/did.json',
    );
    expect(didWebUrl('did:web:127.0.0.1%3A9999:store:k', origins)).toBe('http://127.0.0.1:9999/store/k/did.json');
    expect(didWebUrl('did:web:127.0.0.1%3A9998:store:k', origins)).toBe('https://127.0.0.1:9998/store/k/did.json');
  });

  it('refuses what is no readable did:web (path tricks, userinfo, fragments, other methods)', () => {
    for (const did of [
      'did:web:',
      'did:web:issuer.example::a',
      'did:web:issuer.example:..',
      'did:web:issuer.example:a%2Fb',
      'did:web:user%40issuer.example',
      'did:web:issuer.example#key-1',
      'did:web:issuer.example?x=1',
      'did:key:z6Mk',
      'did:web:%E0%A4%A',
    ]) {
      expect(didWebUrl(did, origins), did).toBeNull();
    }
  });
});

describe('methodIn', () => {
  const did = 'did:web:issuer.example';
  const method = { id: '#key-1', type: 'Multikey', controller: did, publicKeyMultibase: 'z6Mk' };
  const doc = {
    '@context': ['https://www.w3.org/ns/did/v1'],
    id: did,
    verificationMethod: [method],
    assertionMethod: ['#key-1'],
  };

  it('finds a key listed for assertions, relative ids made absolute', () => {
    expect(methodIn(doc, did, `${did}#key-1`)).toMatchObject({ id: `${did}#key-1`, controller: did, type: 'Multikey' });
    expect(controllerDocument(doc, did)).toMatchObject({ id: did, assertionMethod: [`${did}#key-1`] });
  });

  it('refuses a key not listed, not for assertions, of another controller, or a document of another DID', () => {
    expect(methodIn(doc, did, `${did}#key-2`)).toBeNull();
    expect(methodIn({ ...doc, assertionMethod: [] }, did, `${did}#key-1`)).toBeNull();
    expect(
      methodIn(
        { ...doc, verificationMethod: [{ ...method, controller: 'did:web:other.example' }] },
        did,
        `${did}#key-1`,
      ),
    ).toBeNull();
    expect(methodIn({ ...doc, id: 'did:web:other.example' }, did, `${did}#key-1`)).toBeNull();
  });
});
