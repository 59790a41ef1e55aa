import { describe, expect, it } from 'vitest';
import { inspectAvatar } from '../../src/server/settings/avatar-image';
import { chunk, concat, png } from '../support/png';

const seg = (marker: number, body: Uint8Array) => {
  const out = new Uint8Array(4 + body.length);
  out.set([0xff, marker, ((body.length + 2) >> 8) & 255, (body.length + 2) & 255]);
  out.set(body, 4);
  return out;
};
/** A JPEG's structure: SOI, JFIF, EXIF (with GPS), a comment, the frame header, then the scan. */
function jpeg(width: number, height: number) {
  const sof = new Uint8Array([8, height >> 8, height & 255, width >> 8, width & 255, 1, 1, 0x11, 0]);
  return concat(
    new Uint8Array([0xff, 0xd8]),
    seg(0xe0, new TextEncoder().encode('JFIF\0')),
    seg(0xe1, new TextEncoder().encode('Exif\0\0GPS 35.6N 139.7E')),
    seg(0xfe, new TextEncoder().encode('<script>alert(1)</script>')),
    seg(0xc0, sof),
    new Uint8Array([0xff, 0xda, 0, 2, 1, 2, 3, 0xff, 0xd9]),
  );
}
const has = (b: Uint8Array, text: string) => new TextDecoder('latin1').decode(b).includes(text);

describe('profile pictures (AV-01..04)', () => {
  it('AV-01: exact boundaries of size and dimensions', () => {
    const sized = (bytes: number) => png(300, 300, chunk('IDAT', new Uint8Array(bytes - 57)));
    expect(sized(5_242_880).byteLength).toBe(5_242_880);
    expect(inspectAvatar(sized(5_242_880), 'me.png')).toMatchObject({ type: 'png', width: 300 });
    expect(inspectAvatar(sized(5_242_881), 'me.png')).toBe('size');
    expect(inspectAvatar(png(249, 249, chunk('IDAT', new Uint8Array(8))), 'me.png')).toBe('dimensions');
    expect(inspectAvatar(png(3001, 10, chunk('IDAT', new Uint8Array(8))), 'me.png')).toBe('dimensions');
    expect(inspectAvatar(png(250, 3000, chunk('IDAT', new Uint8Array(8))), 'me.png')).toMatchObject({ height: 3000 });
    expect(inspectAvatar(png(3000, 3000, chunk('IDAT', new Uint8Array(8))), 'me.png')).toMatchObject({ width: 3000 });
  });

  it('AV-02: dimensions come from the header, before any decoding; animated PNGs are refused', () => {
    expect(inspectAvatar(jpeg(65535, 65535), 'big.jpg')).toBe('dimensions');
    expect(inspectAvatar(jpeg(800, 600), 'ok.jpeg')).toMatchObject({ type: 'jpeg', width: 800, height: 600 });
    const apng = png(300, 300, chunk('acTL', new Uint8Array(8)), chunk('IDAT', new Uint8Array(8)));
    expect(inspectAvatar(apng, 'anim.png')).toBe('type');
  });

  it('AV-03: the bytes decide the type, not the name', () => {
    const gif = new TextEncoder().encode('GIF89a' + '\0'.repeat(100));
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"/>');
    const webp = new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 ' + '\0'.repeat(100));
    for (const b of [gif, svg, webp]) expect(inspectAvatar(b, 'me.jpg')).toBe('type');
    expect(inspectAvatar(jpeg(800, 600), 'me.gif')).toBe('type');
  });

  it('AV-04: EXIF, comments and PNG text chunks are removed; the picture stays', () => {
    const j = inspectAvatar(jpeg(800, 600), 'me.jpg');
    if (typeof j === 'string') throw new Error(j);
    expect(has(j.clean, 'GPS')).toBe(false);
    expect(has(j.clean, '<script>')).toBe(false);
    expect(has(j.clean, 'JFIF')).toBe(true);
    const p = inspectAvatar(
      png(300, 300, chunk('tEXt', new TextEncoder().encode('Author\0Someone')), chunk('IDAT', new Uint8Array(8))),
      'me.png',
    );
    if (typeof p === 'string') throw new Error(p);
    expect(has(p.clean, 'Author')).toBe(false);
    expect(has(p.clean, 'IDAT')).toBe(true);
  });
});
