/* global module, require */
// fontkit reads WOFF2 fonts with this decoder; Lanyard's server reads TrueType only (scripts/fonts.mjs
// converts the web fonts), and the tests that measure the web fonts read WOFF2 in Node. Both Node
// and workerd (nodejs_compat) have Brotli in node:zlib, so the 477 KiB JavaScript decoder and its
// dictionary are not bundled: the platform's decoder answers instead.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS module, as fontkit requires it
const { brotliDecompressSync } = require('node:zlib');

module.exports = function decompress(buffer) {
  const out = brotliDecompressSync(buffer);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
};
