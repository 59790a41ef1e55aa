import { CONFIG } from '../config';
import { readRaster, type Raster } from '../images/raster';

/**
 * Profile pictures (spec §5: png, jpg or jpeg; at most 5 MB; 250x250 to 3000x3000 px), read from
 * their structure only, without their metadata (images/raster.ts: AV-02..04).
 */
export type AvatarProblem = 'type' | 'size' | 'dimensions';

const AVATAR = CONFIG.profileImage;

export function inspectAvatar(bytes: Uint8Array, fileName: string): Raster | AvatarProblem {
  if (!/\.(png|jpe?g)$/i.test(fileName)) return 'type';
  if (bytes.byteLength > AVATAR.maxBytes) return 'size';
  const parsed = readRaster(bytes);
  if (!parsed) return 'type';
  const ok = (n: number) => n >= AVATAR.minPx && n <= AVATAR.maxPx;
  return ok(parsed.width) && ok(parsed.height) ? parsed : 'dimensions';
}
