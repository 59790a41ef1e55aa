import { base64url } from '../../auth/tokens';
import { ob3Urls } from './urls';

/** Bit i of the list is the most significant bit first (BitstringStatusList §4.2: index 0 = MSB of byte 0). */
export function bitstring(size: number, set: number[]): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(Math.ceil(size / 8));
  for (const i of set) if (i >= 0 && i < size) bytes[i >> 3] = (bytes[i >> 3] ?? 0) | (0x80 >> (i & 7));
  return bytes;
}

/** GZIP, then multibase base64url without padding (the `u` prefix), as `encodedList` wants. */
export async function encodeList(bits: Uint8Array<ArrayBuffer>): Promise<string> {
  const zipped = await new Response(new Blob([bits]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer();
  return `u${base64url(new Uint8Array(zipped))}`;
}

/** The unsigned BitstringStatusListCredential of one issuer's list, with the revoked bits set. */
export async function statusListDocument(
  publicBaseUrl: string,
  issuerId: string,
  listNo: number,
  size: number,
  set: number[],
  now: number,
) {
  const urls = ob3Urls(publicBaseUrl);
  const id = urls.statusList(issuerId, listNo);
  return {
    '@context': ['https://www.w3.org/ns/credentials/v2'],
    id,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: urls.did(issuerId),
    validFrom: new Date(now).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    credentialSubject: {
      id: `${id}#list`,
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
      encodedList: await encodeList(bitstring(size, set)),
    },
  };
}
