import { base64ToBytes } from '../../lib/base64';
import { BakeError, unbake } from '../openbadges/baking';
import { OB_PREFIX } from '../openbadges/urls';
import { looksLikeJws } from '../openbadges/verify/jws-parse';
import type { VerifyInput } from '../verdict/source';
import { BadJson, parseBadgeJson } from '../verdict/safe-json';

// Defined with the other shapes every format shares (verdict/source.ts); named here for the readers.
export type { VerifyInput } from '../verdict/source';

/** What Public/Verification accepts (spec §7 input_type, plus the forms a person can drop in). */
export interface VerificationRequest {
  input_type: 'assertion_id' | 'host_assertion_id' | 'record_id' | 'url' | 'json' | 'jws' | 'image' | 'pdf';
  assertion_id?: string | undefined;
  /** A public imported badge of this wallet: verified at its source, against its holder's address. */
  host_assertion_id?: string | undefined;
  /** A learner record held in this wallet (issue 38): a public one, or the signed-in holder's own. */
  record_id?: string | undefined;
  url?: string | undefined;
  json?: string | undefined;
  jws?: string | undefined;
  /** A baked PNG or SVG, base64. */
  image?: string | undefined;
  /** A certificate PDF carrying its signed credential as an attached file (issue 18), base64. */
  pdf?: string | undefined;
}

/** A payload found in an image, a PDF or pasted: a JWS, assertion JSON, or the URL of a hosted assertion. */
export function fromText(text: string): VerifyInput | null {
  const t = text.trim();
  if (looksLikeJws(t)) return { kind: 'jws', text: t };
  if (t.startsWith('{')) {
    try {
      return { kind: 'json', doc: parseBadgeJson(t) };
    } catch (err) {
      if (err instanceof BadJson) return null;
      throw err;
    }
  }
  return /^https?:\/\//i.test(t) ? { kind: 'url', url: t } : null;
}

/** Turns the request into something to verify, or null when nothing readable was given. */
export function toVerifyInput(env: Env, r: VerificationRequest): VerifyInput | null {
  switch (r.input_type) {
    case 'assertion_id':
      // A badge issued here (spec is_multiverse): verified at its hosted URL, read from D1.
      return r.assertion_id
        ? { kind: 'url', url: `${new URL(env.PUBLIC_BASE_URL).origin}${OB_PREFIX}/Assertion/${r.assertion_id}` }
        : null;
    case 'url':
      return r.url ? { kind: 'url', url: r.url.trim() } : null;
    case 'host_assertion_id':
    case 'record_id':
    case 'pdf':
      // Read by the service (verify/service.ts): a host badge's or a held record's source from D1, a PDF's attachment.
      return null;
    case 'json':
    case 'jws':
      return fromText((r.input_type === 'json' ? r.json : r.jws) ?? '');
    case 'image': {
      if (!r.image) return null;
      const bytes = fromBase64(r.image);
      if (!bytes) return null;
      try {
        const found = unbake(bytes);
        // In SVG the verify attribute wins over embedded JSON (OB baking rules).
        return fromText(found.verify ?? found.payload);
      } catch (err) {
        if (err instanceof BakeError) return null;
        throw err;
      }
    }
  }
}

/** Bytes of a base64 upload, or null when it is not base64 (decoded in slices, see there). */
export const fromBase64 = base64ToBytes;
