import { concatBytes } from '../../lib/bytes';

/** The finished ZIP of an export. */
export const exportZipKey = (id: string) => `exports/${id}/wallet.zip`;
/** The bytes carried into step `step`: the tail under one part and the central directory so far. */
export const exportCarryKey = (id: string, step: number) => `exports/${id}/carry/${step}`;

/**
 * R2 multipart parts must all be the same size (at least 5 MiB) except the last, so every part but
 * the last is exactly this size and a step keeps what is left over for the next one.
 */
export const PART_SIZE = 5 * 1024 * 1024;

/** The R2 side of an export: the multipart upload and the small carried state between steps. */
export function exportObjects(bucket: R2Bucket) {
  return {
    async begin(id: string) {
      const up = await bucket.createMultipartUpload(exportZipKey(id), {
        httpMetadata: { contentType: 'application/zip' },
      });
      return up.uploadId;
    },
    /** Sends one part; sending the same part number again replaces it (a retried step). */
    async part(id: string, uploadId: string, partNumber: number, bytes: Uint8Array) {
      const up = bucket.resumeMultipartUpload(exportZipKey(id), uploadId);
      const done = await up.uploadPart(partNumber, bytes);
      return { partNumber: done.partNumber, etag: done.etag };
    },
    /** Completes the upload; a retried step whose upload was already completed finds the object. */
    async complete(id: string, uploadId: string, parts: R2UploadedPart[]) {
      try {
        return (await bucket.resumeMultipartUpload(exportZipKey(id), uploadId).complete(parts)).size;
      } catch (err) {
        const done = await bucket.head(exportZipKey(id));
        if (done) return done.size;
        throw err;
      }
    },
    async putCarry(id: string, step: number, tail: Uint8Array, central: Uint8Array) {
      const head = new Uint8Array(4);
      new DataView(head.buffer).setUint32(0, tail.length, true);
      await bucket.put(exportCarryKey(id, step), concatBytes([head, tail, central]));
    },
    async getCarry(id: string, step: number) {
      const obj = step === 0 ? null : await bucket.get(exportCarryKey(id, step));
      if (!obj) return { tail: new Uint8Array(0), central: new Uint8Array(0) };
      const all = new Uint8Array(await obj.arrayBuffer());
      const n = new DataView(all.buffer).getUint32(0, true);
      return { tail: all.subarray(4, 4 + n), central: all.subarray(4 + n) };
    },
    zip: (id: string) => bucket.get(exportZipKey(id)),
    /** Reads a stored object (a badge image) for the archive, with its content type. */
    async object(key: string) {
      const obj = await bucket.get(key);
      if (!obj) return null;
      return { bytes: new Uint8Array(await obj.arrayBuffer()), type: obj.httpMetadata?.contentType ?? '' };
    },
  };
}
