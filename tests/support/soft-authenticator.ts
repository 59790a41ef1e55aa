import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import { concatBytes } from '../../src/lib/bytes';

/*
 * A software WebAuthn authenticator for tests (issue 22): real P-256 keys (WebCrypto), a real
 * "none" attestation object (CBOR, with the library's own encoder) and real ES256 signatures, so the
 * server's verification runs unchanged. Every field a browser or an attacker controls can be bent:
 * the origin, the RP id, the UV flag, the counter, the user handle.
 */

/** What a test may bend in one ceremony. */
export interface Bend {
  origin?: string;
  rpId?: string;
  uv?: boolean;
  counter?: number;
  userHandle?: string | null;
  type?: string;
  challenge?: string;
}

/** A credential the authenticator holds. */
export interface SoftCredential {
  id: string;
  keys: CryptoKeyPair;
  rpId: string;
  userHandle: string;
  counter: number;
}

const enc = new TextEncoder();

const concat = (...parts: Uint8Array[]) => concatBytes(parts);

const sha256 = async (data: Uint8Array<ArrayBuffer>) => new Uint8Array(await crypto.subtle.digest('SHA-256', data));

const u32 = (n: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n);
  return b;
};

/** A raw (r || s) ECDSA signature as the DER SEQUENCE WebAuthn carries. */
function derSignature(raw: Uint8Array): Uint8Array<ArrayBuffer> {
  const int = (bytes: Uint8Array) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i += 1;
    let v = bytes.slice(i);
    if ((v[0] ?? 0) & 0x80) v = concat(new Uint8Array([0]), v);
    return concat(new Uint8Array([0x02, v.length]), v);
  };
  const body = concat(int(raw.slice(0, 32)), int(raw.slice(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

/** The COSE_Key of an ES256 public key (kty EC2, alg -7, crv P-256, x, y). */
async function coseKey(publicKey: CryptoKey): Promise<Uint8Array> {
  const jwk = await crypto.subtle.exportKey('jwk', publicKey);
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
      [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
    ]),
  );
}

const flagsOf = (uv: boolean, attested: boolean) => 0x01 | (uv ? 0x04 : 0) | (attested ? 0x40 : 0);

const clientData = (type: string, challenge: string, origin: string) =>
  enc.encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

/** Creation options as the server sends them (the fields the authenticator reads). */
interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

/** Request options as the server sends them. */
interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

/** A platform authenticator with user verification, holding discoverable credentials. */
export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  constructor(readonly origin: string) {}

  /** navigator.credentials.create(): a new ES256 credential, answered as RegistrationResponseJSON. */
  async create(options: CreationOptions, bend: Bend = {}) {
    const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    const rawId = crypto.getRandomValues(new Uint8Array(32));
    const id = isoBase64URL.fromBuffer(rawId);
    const rpId = bend.rpId ?? options.rp.id ?? '';
    const counter = bend.counter ?? 0;
    const attested = concat(
      new Uint8Array(16),
      new Uint8Array([0, rawId.length]),
      rawId,
      await coseKey(keys.publicKey),
    );
    const authData = concat(
      await sha256(enc.encode(rpId)),
      new Uint8Array([flagsOf(bend.uv ?? true, true)]),
      u32(counter),
      attested,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as Parameters<typeof isoCBOR.encode>[0],
    );
    const credential = { id, keys, rpId: options.rp.id ?? '', userHandle: options.user.id, counter };
    this.credentials.push(credential);
    const cdj = clientData(
      bend.type ?? 'webauthn.create',
      bend.challenge ?? options.challenge,
      bend.origin ?? this.origin,
    );
    return {
      credential,
      response: {
        id,
        rawId: id,
        type: 'public-key' as const,
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: isoBase64URL.fromBuffer(cdj),
          attestationObject: isoBase64URL.fromBuffer(attestationObject),
          transports: ['internal' as const],
        },
      },
    };
  }

  /**
   * navigator.credentials.get(): an assertion by `credential` (else the first allowed, else the
   * first held), answered as AuthenticationResponseJSON. The counter goes up by one each time
   * unless bent.
   */
  async get(options: RequestOptions, bend: Bend & { credential?: SoftCredential } = {}) {
    const allowed = options.allowCredentials?.map((c) => c.id) ?? [];
    const credential =
      bend.credential ??
      this.credentials.find((c) => allowed.length === 0 || allowed.includes(c.id)) ??
      this.credentials[0];
    if (!credential) throw new Error('the soft authenticator holds no credential');
    credential.counter = bend.counter ?? (credential.counter === 0 ? 0 : credential.counter + 1);
    const authData = concat(
      await sha256(enc.encode(bend.rpId ?? options.rpId ?? credential.rpId)),
      new Uint8Array([flagsOf(bend.uv ?? true, false)]),
      u32(credential.counter),
    );
    const cdj = clientData(
      bend.type ?? 'webauthn.get',
      bend.challenge ?? options.challenge,
      bend.origin ?? this.origin,
    );
    const signed = concat(authData, await sha256(cdj));
    const raw = new Uint8Array(
      await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, credential.keys.privateKey, signed),
    );
    const userHandle = bend.userHandle === undefined ? credential.userHandle : bend.userHandle;
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(cdj),
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(derSignature(raw)),
        ...(userHandle === null ? {} : { userHandle }),
      },
    };
  }
}
