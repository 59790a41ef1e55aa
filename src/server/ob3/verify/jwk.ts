import type { JWK } from 'jose';
import { resolveDidKey } from '../did/key';
import { obj } from './facts';

type Obj = Record<string, unknown>;

/** The same public key (the members that define it for RSA, EC and OKP keys). */
export const sameKey = (a: JWK, b: JWK) => (['kty', 'crv', 'x', 'y', 'n', 'e'] as const).every((m) => a[m] === b[m]);

/** An Ed25519 public key as the JWK jose imports. */
export function okpJwk(publicKey: Uint8Array): JWK {
  const x = btoa(String.fromCharCode(...publicKey))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return { kty: 'OKP', crv: 'Ed25519', x };
}

/** The public JWK a verification method carries (publicKeyJwk, or an Ed25519 multibase key). */
export function jwkOfMethod(m: Obj | null): JWK | null {
  const jwk = obj(m?.['publicKeyJwk']);
  if (jwk) return jwk as JWK;
  const multibase = m?.['publicKeyMultibase'];
  if (typeof multibase !== 'string') return null;
  const r = resolveDidKey(`did:key:${multibase}`);
  return r.ok ? okpJwk(r.value.publicKey) : null;
}
