import { IMAGE_LIMITS } from '../../../lib/limits';

/**
 * Why an image could not be baked or unbaked. Stable reasons, mapped to the API's error codes by
 * the routes that accept images (issuer uploads, badge import).
 */
export type BakeFailure =
  | 'unsupported_type' // neither PNG nor SVG by its bytes (IMG-01)
  | 'too_large' // over the byte cap (IMG-08, IMG-11)
  | 'truncated' // a chunk runs past the end, or IEND is missing (IMG-05)
  | 'bad_crc' // a chunk's CRC does not match (IMG-05)
  | 'bad_header' // IHDR missing, misplaced or with absurd dimensions (IMG-02, IMG-04)
  | 'too_many_chunks' // chunk or text-chunk count over the cap (IMG-03)
  | 'compressed' // the openbadges iTXt uses compression, or a zTXt carries it (IMG-03)
  | 'duplicate' // more than one openbadges chunk or element (IMG-05, IMG-10)
  | 'doctype' // SVG with DOCTYPE or ENTITY declarations (IMG-07, IMG-08)
  | 'malformed' // not a well-formed single-root SVG, or a bad iTXt layout
  | 'not_baked'; // a valid image that carries no badge

export class BakeError extends Error {
  constructor(readonly reason: BakeFailure) {
    super(`image ${reason.replace(/_/g, ' ')}`);
    this.name = 'BakeError';
  }
}

/** What an image carries: an assertion as JSON, a compact JWS, or (legacy) a URL. */
export interface Unbaked {
  format: 'png' | 'svg';
  /** The raw payload: JSON text, a compact JWS, or a URL. */
  payload: string;
  /** SVG only: the verify attribute, which wins over embedded JSON when both exist. */
  verify?: string;
  /** True for the legacy tEXt chunk (OB 1.0 era, holds a URL). */
  legacy?: boolean;
  /** True when baked the OB 3.0 way (iTXt "openbadgecredential", `<openbadges:credential>`). */
  ob3?: boolean;
}

/** Caps that hold for every image we read or write (lib/limits.ts). */
export const LIMITS = IMAGE_LIMITS;
