// A software passkey for the benchmark (issue 22): what a phone or a password manager does, made
// with node:crypto (ES256, P-256) and a CBOR encoder just big enough for an attestation object and
// a COSE key. It answers the server's options JSON with the JSON a browser sends, so the timed
// requests run exactly the production path (options, then the signed response, verified by
// @simplewebauthn/server inside the Worker). Attestation "none", user present and verified, synced.
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

const b64url = (bytes) => Buffer.from(bytes).toString('base64url');
const sha256 = (data) => createHash('sha256').update(data).digest();

/** CBOR (RFC 8949) of integers, byte strings, text, arrays and maps with integer or text keys. */
export function cbor(value) {
  const head = (major, n) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  if (value instanceof Map) {
    const parts = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new TypeError(`cbor: unsupported ${typeof value}`);
}

const UP = 0x01;
const UV = 0x04;
const BE = 0x08;
const BS = 0x10;
const AT = 0x40;

/** One discoverable passkey for the web origin `origin` (http://localhost:<port> locally). */
export function softwarePasskey(origin) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(32);
  let counter = 0;
  let userHandle = '';

  const clientData = (type, challenge) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  const authData = (rpId, flags, extra = Buffer.alloc(0)) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, extra]);
  };

  return {
    id: b64url(credentialId),
    /** RegistrationResponseJSON for the server's creation options. */
    register(options) {
      userHandle = options.user.id;
      const coseKey = new Map([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x, 'base64url')],
        [-3, Buffer.from(jwk.y, 'base64url')],
      ]);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, cbor(coseKey)]);
      const data = authData(options.rp.id, UP | UV | BE | BS | AT, attested);
      const attestationObject = cbor(
        new Map([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', data],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    /** AuthenticationResponseJSON for the server's request options (the counter goes up each time). */
    authenticate(options) {
      counter += 1;
      const data = authData(options.rpId, UP | UV | BE | BS);
      const client = clientData('webauthn.get', options.challenge);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), { key: privateKey, dsaEncoding: 'der' });
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
