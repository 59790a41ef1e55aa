import { deflateSync } from 'node:zlib';
import { bakeOb3Png } from '../../src/server/openbadges/baking';
import { signWithDcc } from '../support/dcc-sign';

/** Text and links a hostile issuer might put in (XSS-01/02): rendered as text, never as markup or links. */
export const HOSTILE = {
  alignment: '<img src=x onerror="window.__xss=1">Rope',
  alignmentUrl: 'JaVaScRiPt:window.__xss=2',
  evidence: '<script>window.__xss=3</script>Log',
  evidenceUrl: 'javascript:window.__xss=4',
};

/**
 * Issue 21: an Open Badges 3.0 credential "signed elsewhere" for the wallet e2e: signed by the
 * Digital Credentials Consortium's stack (helper B's signWithDcc: a fresh did:key issuer,
 * eddsa-rdfc-2022, nothing to fetch), with what 3.0 adds (achievement type, a result and its
 * description, an alignment, evidence, tags), baked into a PNG with bakeOb3Png.
 */
export async function bakedOb3Badge(
  email: string,
  name: string,
  hostile = false,
): Promise<{ png: Buffer; json: string }> {
  const did = 'did:key:replaced-by-the-signer';
  const credential = {
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
    id: `urn:uuid:${crypto.randomUUID()}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: { id: did, type: ['Profile'], name: 'Lighthouse Academy', url: 'https://lighthouse.example' },
    validFrom: '2026-05-06T07:08:09Z',
    name,
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [{ type: 'IdentityObject', identityHash: email, identityType: 'emailAddress', hashed: false }],
      achievement: {
        id: 'https://lighthouse.example/achievements/signals',
        type: ['Achievement'],
        name,
        description: `${name}: reads and sends flag signals.`,
        criteria: { narrative: 'Send ten signals without a mistake.' },
        achievementType: 'Certificate',
        tag: ['semaphore'],
        alignment: [
          {
            type: ['Alignment'],
            targetName: 'Maritime signalling',
            targetUrl: 'https://framework.example/signals',
            targetCode: 'MS-2',
          },
        ],
        resultDescription: [
          {
            id: 'urn:uuid:0a8f3c1e-7a55-4d0e-9b77-2f7e4c9b1d20',
            type: ['ResultDescription'],
            name: 'Signals sent',
            resultType: 'ScaledScore',
            requiredValue: '10',
          },
        ],
      },
      result: [{ type: ['Result'], resultDescription: 'urn:uuid:0a8f3c1e-7a55-4d0e-9b77-2f7e4c9b1d20', value: '10' }],
    },
    evidence: [{ id: 'https://lighthouse.example/evidence/7', type: ['Evidence'], name: 'Signal log' }],
  };
  if (hostile) {
    credential.credentialSubject.achievement.alignment.push({
      type: ['Alignment'],
      targetName: HOSTILE.alignment,
      targetUrl: HOSTILE.alignmentUrl,
      targetCode: 'X',
    });
    credential.evidence.push({ id: HOSTILE.evidenceUrl, type: ['Evidence'], name: HOSTILE.evidence });
  }
  const signed = await signWithDcc(credential);
  const json = JSON.stringify(signed);
  return { png: Buffer.from(bakeOb3Png(tinyPng(), json)), json };
}

/** A 16×16 opaque PNG to bake into. */
function tinyPng(): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = (crcTable[(c ^ x) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(16, 0);
  ihdr.writeUInt32BE(16, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(
    Array.from({ length: 16 }, () => Buffer.from([0, ...Array(16).fill([30, 90, 160]).flat()])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
